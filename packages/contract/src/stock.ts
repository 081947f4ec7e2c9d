/**
 * Stock messages between stores, kept by admins (issue 16; spec part 2 §3, §8): the message shown when goods travel
 * from one store to another (/api/instockmessages, decision 0041) and the stores as options. The stores themselves
 * and their stock calculation are stores.ts's; payment methods are paymentmethods.ts's.
 */
import { z } from 'zod';
import { RANK } from './constants.ts';
import { endpoint } from './endpoint.ts';
import { errorBody } from './errors.ts';

/** The dictionary keys the stock messages answer with; the web shows the same ones. */
export const STOCK_MESSAGES = {
  storeRequired: 'MSG_RulesStoreRequired',
  storeUnknown: 'MSG_RulesStoreUnknown',
  sameStore: 'MSG_RulesSameStore',
  messageRequired: 'MSG_RulesMessageRequired',
  messageTooLong: 'MSG_RulesMessageTooLong',
  /** addnewmessage for a pair that already has a message (part 2 §8). */
  duplicated: 'WARN_MessageDuplicated',
  /** updatemessage onto a pair that already has another message: the text, and the popup's title (part 2 §8). */
  exists: 'MSG_StockMessageExists',
  errorTitle: 'MSG_ErrorTitle',
  deleted: 'WARN_DeleteOK',
  /** A store's safety margin out of range (decision 0043). */
  marginInvalid: 'MSG_RulesMarginInvalid',
} as const;

export const STOCK_LIMITS = {
  storeIdMax: 20,
  messageMax: 500,
  /** A store's safety margin (decision 0043): units held back per article. */
  safetyMarginMax: 9999,
} as const;

const INT_MAX = 2_147_483_647;
const storeId = z
  .string({ message: STOCK_MESSAGES.storeRequired })
  .trim()
  .min(1, { message: STOCK_MESSAGES.storeRequired })
  .max(STOCK_LIMITS.storeIdMax, { message: STOCK_MESSAGES.storeUnknown });
const messageText = z
  .string({ message: STOCK_MESSAGES.messageRequired })
  .trim()
  .min(1, { message: STOCK_MESSAGES.messageRequired })
  .max(STOCK_LIMITS.messageMax, { message: STOCK_MESSAGES.messageTooLong });

export const idParams = z.object({ id: z.coerce.number().int().min(1).max(INT_MAX) });

// ---------------------------------------------------------------- stock messages

/** A message shown when goods travel from one store (origin) to another (destination): spec part 2 §3. */
export const stockMessage = z.object({
  Id: z.number().int(),
  InventLocationOrigenId: z.string(),
  InventLocationOrigenName: z.string(),
  InventLocationDestineId: z.string(),
  InventLocationDestineName: z.string(),
  Mensaje: z.string(),
  SW_Activo: z.boolean(),
});
export type StockMessage = z.infer<typeof stockMessage>;
export const stockMessagesResponse = z.array(stockMessage);

/** GET getstockmessages: every message, or those that concern one store (`ubicacion`, as origin or destination). */
export const stockMessagesQuery = z.object({
  ubicacion: z
    .string()
    .trim()
    .max(STOCK_LIMITS.storeIdMax)
    .optional()
    .transform((v) => (v ? v : undefined)),
});

const differentStores = (value: { origen: string; destino: string }, ctx: z.RefinementCtx) => {
  if (value.origen === value.destino) {
    ctx.addIssue({ code: 'custom', message: STOCK_MESSAGES.sameStore, path: ['destino'] });
  }
};

/** POST addnewmessage: origen, destino, mensaje, ubicacion (part 2 §3). A new message is active. */
export const addStockMessageBody = z
  .object({
    origen: storeId,
    destino: storeId,
    mensaje: messageText,
    /** The store the list was showing when the admin added it (echoed back; the list stays on it). */
    ubicacion: z.string().trim().max(STOCK_LIMITS.storeIdMax).optional(),
  })
  .superRefine(differentStores);
export type AddStockMessageBody = z.input<typeof addStockMessageBody>;

/** POST updatemessage: id, origen, destino, mensaje, activo (part 2 §3). */
export const updateStockMessageBody = z
  .object({
    id: z.coerce.number().int().min(1).max(INT_MAX),
    origen: storeId,
    destino: storeId,
    mensaje: messageText,
    activo: z.boolean(),
  })
  .superRefine(differentStores);
export type UpdateStockMessageBody = z.input<typeof updateStockMessageBody>;

/** addnewmessage answers 1 (part 2 §8) with the new message's id. */
export const addStockMessageResponse = z.object({ result: z.literal(1), id: z.number().int() });
/** A pair that already has a message: 409 with the spec's key in `message` and in `result`. */
export const addStockMessageConflict = z.object({
  message: z.literal(STOCK_MESSAGES.duplicated),
  messagedetail: z.string().optional(),
  result: z.literal(STOCK_MESSAGES.duplicated),
});
export const updateStockMessageResponse = z.object({ result: z.literal(1) });
/** updatemessage onto another message's pair: 409, result 0, "Ya existe mensaje para esos almacenes". */
export const updateStockMessageConflict = z.object({
  message: z.literal(STOCK_MESSAGES.exists),
  title: z.literal(STOCK_MESSAGES.errorTitle),
  messagedetail: z.string().optional(),
  result: z.literal(0),
});
export const deleteStockMessageResponse = z.object({ message: z.literal(STOCK_MESSAGES.deleted), id: z.number() });

/** GET getubicaciones and getreturninventlocations: stores as options. */
export const storeOption = z.object({ id: z.string(), name: z.string() });
export type StoreOption = z.infer<typeof storeOption>;
export const storeOptionsResponse = z.array(storeOption);

const admin = { rank: RANK.admin } as const;
const SM = '/api/instockmessages';
const stockMessageTags = ['stockmessages'] as const;

/** The calls of stock messages between stores (decision 0041), admins only (issue 24: declared once). */
export const stockMessageCalls = {
  list: endpoint({
    method: 'GET',
    path: `${SM}/getstockmessages`,
    access: admin,
    summary: 'The stock messages, all or those of one store (ubicacion: as origin or destination)',
    tags: stockMessageTags,
    query: stockMessagesQuery,
    response: stockMessagesResponse,
  }),
  message: endpoint({
    method: 'GET',
    path: `${SM}/getstockmessage/:id`,
    access: admin,
    summary: 'One stock message',
    tags: stockMessageTags,
    params: idParams,
    response: stockMessage,
    refusals: { 404: errorBody },
  }),
  add: endpoint({
    method: 'POST',
    path: `${SM}/addnewmessage`,
    access: admin,
    summary: 'Adds an active message for a pair of stores: 1, or 409 WARN_MessageDuplicated when the pair has one',
    tags: stockMessageTags,
    body: addStockMessageBody,
    response: addStockMessageResponse,
    refusals: { 400: errorBody, 409: addStockMessageConflict },
  }),
  update: endpoint({
    method: 'POST',
    path: `${SM}/updatemessage`,
    access: admin,
    summary: 'Changes a message, its stores and its active flag: 1, or 409 with result 0 when the pair is taken',
    tags: stockMessageTags,
    body: updateStockMessageBody,
    response: updateStockMessageResponse,
    refusals: { 400: errorBody, 404: errorBody, 409: updateStockMessageConflict },
  }),
  remove: endpoint({
    method: 'DELETE',
    path: `${SM}/deletefromstockmessages/:id`,
    access: admin,
    summary: 'Deletes a stock message (the screen asks for confirmation first)',
    tags: stockMessageTags,
    params: idParams,
    response: deleteStockMessageResponse,
    refusals: { 404: errorBody },
  }),
  stores: endpoint({
    method: 'GET',
    path: `${SM}/getubicaciones`,
    access: admin,
    summary: 'Every store (origin or destination options)',
    tags: stockMessageTags,
    response: storeOptionsResponse,
  }),
  returnStores: endpoint({
    method: 'GET',
    path: `${SM}/getreturninventlocations`,
    access: admin,
    summary: 'The stores that receive returns (those with a returns e-mail, JUMRETURNMAIL)',
    tags: stockMessageTags,
    response: storeOptionsResponse,
  }),
};
