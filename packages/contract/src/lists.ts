import { z } from 'zod';
import { ROLES } from './constants.ts';
import { endpoint } from './endpoint.ts';
import { errorBody } from './errors.ts';
import { QUANTITY } from './quantity.ts';

/**
 * Lists (requisition lists, issue 26; docs/decisions/0080): named lists of articles and quantities shared by the users
 * of a client. Anybody of the client may use them and order from them; a client admin may lock one, and then only
 * client admins change it. Another client's list answers 404, as if it did not exist.
 */
export const LISTS = {
  /** A list's name, trimmed; unique per client whatever its case. */
  nameMax: 80,
  /** Lines a list holds; adding beyond answers 400 WARN_ListTooManyLines. */
  maxLines: 500,
  /** Lists a client holds. */
  maxPerClient: 200,
} as const;

/** The refusal and answer keys (each in the lists dictionary, four languages). */
export const LIST_KEYS = {
  nameRequired: 'WARN_ListNameRequired',
  nameTooLong: 'WARN_ListNameTooLong',
  nameTaken: 'WARN_ListNameTaken',
  /** A locked list changed by somebody who is no client admin. */
  locked: 'WARN_ListLocked',
  /** Locking or unlocking by somebody who is no client admin. */
  lockAdminOnly: 'WARN_ListLockAdminOnly',
  tooManyLines: 'WARN_ListTooManyLines',
  tooManyLists: 'WARN_ListTooMany',
  empty: 'WARN_ListEmpty',
  /** An article to add does not exist or is sold no more. */
  articleGone: 'WARN_ListArticleGone',
} as const;

/** Why a line of a list did not go to the cart: the article is sold no more; no store may serve it. */
export const LIST_REFUSALS = ['notSold', 'noStore'] as const;
export type ListRefusal = (typeof LIST_REFUSALS)[number];

const id = z.coerce.number({ error: 'WARN_ValidationError' }).int().min(1).max(Number.MAX_SAFE_INTEGER);
const articleId = z.number().int().positive().max(2_147_483_647);
const quantity = z.coerce
  .number()
  .int('WARN_QuantityWhole')
  .min(QUANTITY.min, 'WARN_QuantityMin')
  .max(QUANTITY.max, 'WARN_QuantityMax');
export const listName = z
  .string()
  .trim()
  .min(1, LIST_KEYS.nameRequired)
  .max(LISTS.nameMax, LIST_KEYS.nameTooLong)
  .refine((s) => !/\p{Cc}/u.test(s), LIST_KEYS.nameRequired);

export const listParams = z.object({ id });
export const listLineParams = z.object({ id, lineId: id });

/** Lines to put in a list: articles and quantities, or the caller's cart as it is (`fromCart`). */
export const listLinesInput = z.object({
  lines: z.array(z.object({ articleId, quantity })).max(LISTS.maxLines, LIST_KEYS.tooManyLines).optional(),
  fromCart: z.boolean().optional(),
});

export const listCreateRequest = listLinesInput.extend({ name: listName });
export const listUpdateRequest = z.object({
  name: listName.optional(),
  /** Only a client admin locks or unlocks (400 WARN_ListLockAdminOnly otherwise). */
  locked: z.boolean().optional(),
});
export const listDuplicateRequest = z.object({ name: listName });
export const listLineUpdateRequest = z.object({ quantity });
export const listOrderRequest = z.object({
  /** The lines to order; all of them when absent. */
  lineIds: z.array(id).min(1, LIST_KEYS.empty).max(LISTS.maxLines).optional(),
});

export const listSummary = z.object({
  id: z.number().int(),
  name: z.string(),
  locked: z.boolean(),
  lines: z.number().int(),
  units: z.number().int(),
  updatedAt: z.string(),
  updatedBy: z.string().nullable(),
  /** The caller may change it (not locked, or the caller is a client admin). */
  mayEdit: z.boolean(),
});
export type ListSummary = z.infer<typeof listSummary>;

export const listsResponse = z.object({
  rows: z.array(listSummary),
  /** The caller may lock and unlock lists (a client admin). */
  mayLock: z.boolean(),
});

export const listLine = z.object({
  id: z.number().int(),
  articleId: z.number().int(),
  ref: z.string(),
  name: z.string(),
  quantity: z.number().int(),
  /** Today's net price for the client, and the list price. */
  price: z.number(),
  pv1d: z.number(),
  /** Units in every store together (null: the article's stock is not tracked). */
  stock: z.number().int().nullable(),
  /** False when the article is sold no more: ordering it is refused (`notSold`). */
  sold: z.boolean(),
});
export type ListLine = z.infer<typeof listLine>;

export const listDetailResponse = z.object({ list: listSummary, lines: z.array(listLine), mayLock: z.boolean() });
export type ListDetail = z.infer<typeof listDetailResponse>;

export const listLinesResponse = z.object({
  list: listSummary,
  /** Lines added or added to. */
  added: z.number().int(),
  /** Lines whose quantity was held at 9999 (the cart's maximum) when added to what the list held. */
  capped: z.array(z.number().int()),
});

export const listOrderResponse = z.object({
  /** Lines in the cart now. */
  count: z.number().int(),
  added: z.array(
    z.object({
      lineId: z.number().int(),
      ref: z.string(),
      quantity: z.number().int(),
      price: z.number(),
      store: z.string(),
      /** The store holds less than the quantity (a transfer or a back-order, which the cart line says). */
      short: z.boolean(),
    }),
  ),
  refused: z.array(z.object({ lineId: z.number().int(), ref: z.string(), reason: z.enum(LIST_REFUSALS) })),
});
export type ListOrderResponse = z.infer<typeof listOrderResponse>;

export const listMessageResponse = z.object({ message: z.string() });

const buyer = { role: ROLES.buy } as const;
const tags = ['lists'] as const;
const refusals = { 400: errorBody, 401: errorBody, 403: errorBody };
const withList = { ...refusals, 404: errorBody };

/** The calls of lists (issue 26), each declared once (decision 0062). The client is the cart's (an admin's chosen). */
export const listCalls = {
  lists: endpoint({
    method: 'GET',
    path: '/api/inlist/lists',
    access: buyer,
    summary: 'The lists of the caller’s client, by name',
    tags,
    response: listsResponse,
    refusals,
  }),
  create: endpoint({
    method: 'POST',
    path: '/api/inlist/lists',
    access: buyer,
    summary: 'Create a list, empty, with lines, or from the caller’s cart',
    description:
      'The name is unique per client whatever its case (400 WARN_ListNameTaken). `lines` or `fromCart` fill it at once.',
    tags,
    body: listCreateRequest,
    response: listLinesResponse,
    refusals,
  }),
  detail: endpoint({
    method: 'GET',
    path: '/api/inlist/lists/:id',
    access: buyer,
    summary: 'A list with its lines at today’s price and stock',
    tags,
    params: listParams,
    response: listDetailResponse,
    refusals: withList,
  }),
  update: endpoint({
    method: 'POST',
    path: '/api/inlist/lists/:id',
    access: buyer,
    summary: 'Rename a list, lock or unlock it',
    description:
      'A locked list is changed by client admins only (403 WARN_ListLocked); only they lock or unlock (403 ' +
      'WARN_ListLockAdminOnly).',
    tags,
    params: listParams,
    body: listUpdateRequest,
    response: listSummary,
    refusals: withList,
  }),
  duplicate: endpoint({
    method: 'POST',
    path: '/api/inlist/lists/:id/duplicate',
    access: buyer,
    summary: 'Copy a list under another name (the copy is not locked)',
    tags,
    params: listParams,
    body: listDuplicateRequest,
    response: listSummary,
    refusals: withList,
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/api/inlist/lists/:id',
    access: buyer,
    summary: 'Delete a list and its lines',
    tags,
    params: listParams,
    response: listMessageResponse,
    refusals: withList,
  }),
  addLines: endpoint({
    method: 'POST',
    path: '/api/inlist/lists/:id/lines',
    access: buyer,
    summary: 'Add articles (several lines at once), or the caller’s cart, to a list',
    description:
      'Up to 500 lines in one request: a document’s lines, quick order’s resolved lines, the catalogue’s article. An ' +
      'article the list holds already gets the quantity added, held at 9999 (said in `capped`). All or nothing: a bad ' +
      'quantity, or an article that does not exist or is sold no more (400 WARN_ListArticleGone, each such line named ' +
      'in `issues` as `lines.<index>.articleId`), writes nothing. A locked list: client admins only (403 WARN_ListLocked).',
    tags,
    params: listParams,
    body: listLinesInput,
    response: listLinesResponse,
    refusals: withList,
  }),
  updateLine: endpoint({
    method: 'POST',
    path: '/api/inlist/lists/:id/lines/:lineId',
    access: buyer,
    summary: 'Change the quantity of a line (a whole number from 1 to 9999)',
    tags,
    params: listLineParams,
    body: listLineUpdateRequest,
    response: listSummary,
    refusals: withList,
  }),
  removeLine: endpoint({
    method: 'DELETE',
    path: '/api/inlist/lists/:id/lines/:lineId',
    access: buyer,
    summary: 'Remove a line from a list',
    tags,
    params: listLineParams,
    response: listSummary,
    refusals: withList,
  }),
  order: endpoint({
    method: 'POST',
    path: '/api/inlist/lists/:id/order',
    access: buyer,
    summary: 'Put a list’s lines (all, or those chosen) in the cart, with today’s price and stock',
    description:
      'Allowed on a locked list too. Each line goes to a store by the quick order’s rule (quickOrderStore); a line ' +
      'whose article is sold no more, or that no store may serve, is not added and is answered in `refused`.',
    tags,
    params: listParams,
    body: listOrderRequest,
    response: listOrderResponse,
    refusals: withList,
  }),
};
