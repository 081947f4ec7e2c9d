/**
 * Commercial rules kept by admins (issue 16; spec part 2 §2, §3, §5, §7, §8, §9): stock messages between stores
 * (/api/instockmessages), payment methods (/api/inpaymentmethod), stores and their stock calculation
 * (/api/instock) and the article grid (/api/inarticle). Decisions 0041, 0042 and 0043.
 */
import { z } from 'zod';
import { PAYMENT_CHANNEL } from './cart.ts';
import { RANK } from './constants.ts';
import { endpoint } from './endpoint.ts';
import { ERP_NAME_MAX, erpNamesInput, erpNamesRead } from './erp-names.ts';
import { errorBody } from './errors.ts';
import { type GridDefinition, gridQuery, gridResponse } from './grids.ts';

/** The dictionary keys these rules answer with; the web shows the same ones. */
export const RULES_MESSAGES = {
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
  saved: 'WARN_SaveOK',
  deleted: 'WARN_DeleteOK',
  nameRequired: 'MSG_RulesNameRequired',
  nameTooLong: 'MSG_RulesNameTooLong',
  descriptionTooLong: 'MSG_RulesDescriptionTooLong',
  formInvalid: 'MSG_RulesPaymentFormInvalid',
  channelInvalid: 'MSG_RulesPaymentChannelInvalid',
  channelMismatch: 'MSG_RulesPaymentChannelMismatch',
  calcTypeInvalid: 'MSG_RulesCalcTypeInvalid',
  percentInvalid: 'MSG_RulesPercentInvalid',
  clientUnknown: 'MSG_RulesClientUnknown',
  emailInvalid: 'MSG_RulesEmailInvalid',
  marginInvalid: 'MSG_RulesMarginInvalid',
} as const;

export const RULES_LIMITS = {
  storeIdMax: 20,
  messageMax: 500,
  nameMax: 60,
  descriptionMax: 250,
  emailMax: 254,
  /** A payment method's surcharge or discount, in basis points of the base (decision 0042): at most 20 %. */
  percentBpMax: 2000,
  /** A store's safety margin (decision 0043): units held back per article. */
  safetyMarginMax: 9999,
} as const;

const INT_MAX = 2_147_483_647;
const storeId = z
  .string({ message: RULES_MESSAGES.storeRequired })
  .trim()
  .min(1, { message: RULES_MESSAGES.storeRequired })
  .max(RULES_LIMITS.storeIdMax, { message: RULES_MESSAGES.storeUnknown });
const messageText = z
  .string({ message: RULES_MESSAGES.messageRequired })
  .trim()
  .min(1, { message: RULES_MESSAGES.messageRequired })
  .max(RULES_LIMITS.messageMax, { message: RULES_MESSAGES.messageTooLong });

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
    .max(RULES_LIMITS.storeIdMax)
    .optional()
    .transform((v) => (v ? v : undefined)),
});

const differentStores = (value: { origen: string; destino: string }, ctx: z.RefinementCtx) => {
  if (value.origen === value.destino) {
    ctx.addIssue({ code: 'custom', message: RULES_MESSAGES.sameStore, path: ['destino'] });
  }
};

/** POST addnewmessage: origen, destino, mensaje, ubicacion (part 2 §3). A new message is active. */
export const addStockMessageBody = z
  .object({
    origen: storeId,
    destino: storeId,
    mensaje: messageText,
    /** The store the list was showing when the admin added it (echoed back; the list stays on it). */
    ubicacion: z.string().trim().max(RULES_LIMITS.storeIdMax).optional(),
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
  message: z.literal(RULES_MESSAGES.duplicated),
  messagedetail: z.string().optional(),
  result: z.literal(RULES_MESSAGES.duplicated),
});
export const updateStockMessageResponse = z.object({ result: z.literal(1) });
/** updatemessage onto another message's pair: 409, result 0, "Ya existe mensaje para esos almacenes". */
export const updateStockMessageConflict = z.object({
  message: z.literal(RULES_MESSAGES.exists),
  title: z.literal(RULES_MESSAGES.errorTitle),
  messagedetail: z.string().optional(),
  result: z.literal(0),
});
export const deleteStockMessageResponse = z.object({ message: z.literal(RULES_MESSAGES.deleted), id: z.number() });

/** GET getubicaciones and getreturninventlocations: stores as options. */
export const storeOption = z.object({ id: z.string(), name: z.string() });
export type StoreOption = z.infer<typeof storeOption>;
export const storeOptionsResponse = z.array(storeOption);

// ---------------------------------------------------------------- payment methods

/**
 * Payment forms (part 2 §9). A card pays through the card channel (the card terminal, TPV), cash through cash: the
 * channels are `PAYMENT_CHANNEL` of cart.ts, the one constant the checkout uses too.
 */
export const PAYMENT_FORMS = { cash: 0, card: 1 } as const;
/**
 * NOSYNC_PaymentmethodCalcType (decision 0042): 0 nothing, 1 a surcharge, 2 a discount, each a percentage of the
 * store's base (its net amount) with two decimals, applied at checkout before VAT.
 */
export const PAYMENT_CALC_TYPES = { none: 0, surcharge: 1, discount: 2 } as const;
export type PaymentCalcType = (typeof PAYMENT_CALC_TYPES)[keyof typeof PAYMENT_CALC_TYPES];

/** "2,5" or 2.5 → 250 basis points; null when it is not a percentage with at most two decimals. */
export function percentToBp(value: unknown): number | null {
  const text =
    typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim().replace(',', '.') : '';
  if (!/^\d{1,3}(\.\d{1,2})?$/.test(text)) return null;
  const [whole, frac = ''] = text.split('.');
  return Number(whole) * 100 + Number(frac.padEnd(2, '0'));
}

/** The payment method grid's row and the detail (spec part 2 §3 "Payment method"). */
export const paymentMethod = z.object({
  Id_Tarjeta: z.number().int(),
  Nombre: z.string(),
  Descripcion: z.string(),
  Forma_Pago_Cod: z.number().int(),
  Canal_Pago_Cod: z.number().int(),
  NOSYNC_PaymentmethodCalcType: z.number().int(),
  /** The surcharge or discount as a percentage (2.5 is 2,5 %); 0 with calculation type 0. */
  Porcentaje: z.number(),
  SW_Activo: z.boolean(),
  /** The client a method is offered to alone; null: every client. */
  Cliente_Id: z.string().nullable(),
  Cliente_Nombre: z.string().nullable(),
  /** The admins' names by language (decision 0091); Nombre is the ERP's. */
  NAMES: erpNamesRead,
});
export type PaymentMethod = z.infer<typeof paymentMethod>;

/** POST putpaymentmethod/: Id_Tarjeta 0 (or absent) is a new method; `c_id` offers a new one to that client only. */
export const putPaymentMethodBody = z
  .object({
    Id_Tarjeta: z.coerce.number().int().min(0).max(INT_MAX).default(0),
    Nombre: z
      .string({ message: RULES_MESSAGES.nameRequired })
      .trim()
      .min(1, { message: RULES_MESSAGES.nameRequired })
      .max(RULES_LIMITS.nameMax, { message: RULES_MESSAGES.nameTooLong }),
    Descripcion: z
      .string()
      .trim()
      .max(RULES_LIMITS.descriptionMax, { message: RULES_MESSAGES.descriptionTooLong })
      .default(''),
    Forma_Pago_Cod: z.union([z.literal(0), z.literal(1)], { message: RULES_MESSAGES.formInvalid }),
    Canal_Pago_Cod: z.union([z.literal(PAYMENT_CHANNEL.cash), z.literal(PAYMENT_CHANNEL.card)], {
      message: RULES_MESSAGES.channelInvalid,
    }),
    NOSYNC_PaymentmethodCalcType: z.union([z.literal(0), z.literal(1), z.literal(2)], {
      message: RULES_MESSAGES.calcTypeInvalid,
    }),
    Porcentaje: z.union([z.number(), z.string().max(10)]).default(0),
    SW_Activo: z.boolean().default(true),
    c_id: z.string().trim().max(20).optional(),
    /** The names by language (decision 0091); left out: kept as they are. */
    NAMES: erpNamesInput(ERP_NAME_MAX.paymentMethod).optional(),
  })
  .transform((v, ctx) => {
    const bp = percentToBp(v.Porcentaje);
    if (v.Forma_Pago_Cod === PAYMENT_FORMS.card && v.Canal_Pago_Cod !== PAYMENT_CHANNEL.card) {
      ctx.addIssue({ code: 'custom', message: RULES_MESSAGES.channelMismatch, path: ['Canal_Pago_Cod'] });
    }
    if (v.Forma_Pago_Cod === PAYMENT_FORMS.cash && v.Canal_Pago_Cod !== PAYMENT_CHANNEL.cash) {
      ctx.addIssue({ code: 'custom', message: RULES_MESSAGES.channelMismatch, path: ['Canal_Pago_Cod'] });
    }
    const none = v.NOSYNC_PaymentmethodCalcType === PAYMENT_CALC_TYPES.none;
    if (bp === null || bp > RULES_LIMITS.percentBpMax || (!none && bp === 0)) {
      if (!none) ctx.addIssue({ code: 'custom', message: RULES_MESSAGES.percentInvalid, path: ['Porcentaje'] });
    }
    return { ...v, percentBp: none ? 0 : (bp ?? 0), c_id: v.c_id ? v.c_id : undefined };
  });
export type PutPaymentMethodBody = z.input<typeof putPaymentMethodBody>;
export type PutPaymentMethodData = z.output<typeof putPaymentMethodBody>;
export const putPaymentMethodResponse = z.object({ message: z.literal(RULES_MESSAGES.saved), Id_Tarjeta: z.number() });

/** GetPaymentMethodJqGrid's columns (the jqGrid protocol; decision 0012). Default sort: name ascending. */
export const PAYMENT_METHODS_GRID = {
  columns: {
    Id_Tarjeta: { type: 'number', sortable: true, filterable: true },
    Nombre: { type: 'text', sortable: true, filterable: true },
    Descripcion: { type: 'text', sortable: false, filterable: true },
    Forma_Pago_Cod: { type: 'number', sortable: true, filterable: true },
    Canal_Pago_Cod: { type: 'number', sortable: true, filterable: true },
    NOSYNC_PaymentmethodCalcType: { type: 'number', sortable: true, filterable: true },
    SW_Activo: { type: 'bool', sortable: true, filterable: true },
    Cliente_Id: { type: 'text', sortable: true, filterable: true },
  },
  defaultSort: { sidx: 'Nombre', sord: 'asc' },
} as const satisfies GridDefinition;

const admin = { rank: RANK.admin } as const;
const PM = '/api/inpaymentmethod';

/** The calls of payment methods (decision 0042), admins only (issue 24: declared once). */
export const paymentMethodCalls = {
  grid: endpoint({
    method: 'GET',
    path: `${PM}/GetPaymentMethodJqGrid`,
    access: admin,
    summary: 'The payment methods as a jqGrid page (default sort: name ascending)',
    tags: ['paymentmethods'],
    query: gridQuery,
    response: gridResponse(paymentMethod),
    refusals: { 400: errorBody },
  }),
  method: endpoint({
    method: 'GET',
    path: `${PM}/getpaymentmethod/:id`,
    access: admin,
    summary: 'One payment method with its calculation type and percentage',
    tags: ['paymentmethods'],
    params: idParams,
    response: paymentMethod,
    refusals: { 404: errorBody },
  }),
  put: endpoint({
    method: 'POST',
    path: `${PM}/putpaymentmethod`,
    access: admin,
    summary:
      'Creates (Id_Tarjeta 0; c_id: offered to that client only, otherwise to every client) or changes a method. ' +
      'Checkouts already prepared or paid keep the method as it was.',
    tags: ['paymentmethods'],
    body: putPaymentMethodBody,
    response: putPaymentMethodResponse,
    refusals: { 400: errorBody, 404: errorBody },
  }),
};

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
