/**
 * Stores with their stock calculation (/api/instock) and the article grid (/api/inarticle): issue 16, spec part 2
 * §2, §3 "Store/stock" and "Article", §7, §9. Decision 0043.
 */
import { z } from 'zod';
import { STOCK_STATUS, type StockStatus } from './catalog.ts';
import { RANK } from './constants.ts';
import { endpoint } from './endpoint.ts';
import { ERP_NAME_MAX, erpNamesInput, erpNamesRead } from './erp-names.ts';
import { errorBody } from './errors.ts';
import { type GridDefinition, gridQuery, gridResponse } from './grids.ts';

export const STORES_MESSAGES = {
  emailInvalid: 'MSG_StoresEmailInvalid',
  calcTypeInvalid: 'MSG_StoresCalcTypeInvalid',
  saved: 'WARN_SaveOK',
} as const;

export const STORES_LIMITS = { storeIdMax: 20, emailMax: 254 } as const;

/**
 * NOSYNC_StockCalcType (decision 0043): 0 the ERP's stock as it is; 1 the ERP's stock minus the quantities of the
 * web orders not yet imported into the ERP.
 */
export const STOCK_CALC_TYPES = { erp: 0, erpMinusPending: 1 } as const;
export const STOCK_CALC_TYPE_CODES = [0, 1] as const;

/** Article availability 0–3 (part 2 §3, §9), the catalogue's stock statuses. */
export const ARTICLE_AVAILABILITIES = [
  STOCK_STATUS.none,
  STOCK_STATUS.otherStore,
  STOCK_STATUS.available,
  STOCK_STATUS.noInfo,
] as const satisfies readonly StockStatus[];

/** A grid row of GetArticlesJqGrid: the reference, its name, its search alias and its availability. */
export const articleRow = z.object({
  id: z.number().int(),
  ITEMID: z.string(),
  ITEMNAME: z.string(),
  NAMEALIAS: z.string(),
  Availability: z.number().int().min(0).max(3),
});
export type ArticleRow = z.infer<typeof articleRow>;

/**
 * GetArticlesJqGrid's columns. Availability is seen from one store (`store`, default: the first store by id):
 * 2 in stock there, 1 only in another store, 0 nowhere, 3 the ERP gives no stock figure.
 */
export const ARTICLES_GRID = {
  columns: {
    ITEMID: { type: 'text', sortable: true, filterable: true },
    ITEMNAME: { type: 'text', sortable: true, filterable: true },
    NAMEALIAS: { type: 'text', sortable: true, filterable: true },
    Availability: { type: 'number', sortable: false, filterable: true },
  },
  defaultSort: { sidx: 'ITEMID', sord: 'asc' },
} as const satisfies GridDefinition;

/** The store the availability is seen from (optional; an unknown one is a 400). */
export const articlesStoreQuery = z.object({
  store: z.string().trim().min(1).max(STORES_LIMITS.storeIdMax).optional(),
});

/** A store as /setting/stock shows it (part 2 §3 "Store/stock"). */
export const storeRow = z.object({
  INVENTLOCATIONID: z.string(),
  NAME: z.string(),
  JUMNOTICEMAIL: z.string(),
  JUMRETURNMAIL: z.string(),
  NOSYNC_StockCalcType: z.number().int(),
  /** The admins' names by language (decision 0091); NAME is the ERP's. */
  NAMES: erpNamesRead,
});
export type StoreRow = z.infer<typeof storeRow>;

export const STORES_GRID = {
  columns: {
    INVENTLOCATIONID: { type: 'text', sortable: true, filterable: true },
    NAME: { type: 'text', sortable: true, filterable: true },
    JUMNOTICEMAIL: { type: 'text', sortable: true, filterable: true },
    JUMRETURNMAIL: { type: 'text', sortable: true, filterable: true },
    NOSYNC_StockCalcType: { type: 'number', sortable: true, filterable: true },
  },
  defaultSort: { sidx: 'INVENTLOCATIONID', sord: 'asc' },
} as const satisfies GridDefinition;

export const storeParams = z.object({ id: z.string().trim().min(1).max(STORES_LIMITS.storeIdMax) });

/** An e-mail address, or empty (no address: nothing is sent). */
const optionalEmail = z
  .string({ message: STORES_MESSAGES.emailInvalid })
  .trim()
  .max(STORES_LIMITS.emailMax, { message: STORES_MESSAGES.emailInvalid })
  .refine((v) => v === '' || z.email().safeParse(v).success, { message: STORES_MESSAGES.emailInvalid });

/** POST putstock/: the store's notice and return e-mails and its stock calculation type. */
export const putStockBody = z.object({
  INVENTLOCATIONID: z.string().trim().min(1).max(STORES_LIMITS.storeIdMax),
  JUMNOTICEMAIL: optionalEmail,
  JUMRETURNMAIL: optionalEmail,
  NOSYNC_StockCalcType: z.union([z.literal(0), z.literal(1)], { message: STORES_MESSAGES.calcTypeInvalid }),
  /** The names by language (decision 0091); left out: kept as they are. */
  NAMES: erpNamesInput(ERP_NAME_MAX.store).optional(),
});
export type PutStockBody = z.input<typeof putStockBody>;
export const putStockResponse = z.object({ message: z.literal(STORES_MESSAGES.saved), INVENTLOCATIONID: z.string() });

/** A delivery mode as the stores screen lists it: the ERP's id and name, and the admins' names by language. */
export const dlvModeNamesRow = z.object({ DLVMODE: z.string(), NAME: z.string(), NAMES: erpNamesRead });
export type DlvModeNamesRow = z.infer<typeof dlvModeNamesRow>;

/** POST putdlvmodenames: a delivery mode's names by language (empty: the ERP's name). */
export const putDlvModeNamesBody = z.object({
  DLVMODE: z.string().trim().min(1).max(STORES_LIMITS.storeIdMax),
  NAMES: erpNamesInput(ERP_NAME_MAX.deliveryMode),
});
export type PutDlvModeNamesBody = z.input<typeof putDlvModeNamesBody>;

const admin = { rank: RANK.admin } as const;

/** The calls of stores (/api/instock) and the article grid (/api/inarticle), admins only (issue 24: declared once). */
export const storesCalls = {
  articlesGrid: endpoint({
    method: 'GET',
    path: '/api/inarticle/GetArticlesJqGrid',
    access: admin,
    summary:
      'The whole catalogue as a jqGrid page: ITEMID, ITEMNAME, NAMEALIAS and Availability 0–3 seen from `store` ' +
      '(default: the first store by id). Default sort: ITEMID ascending.',
    tags: ['articles'],
    query: gridQuery.extend(articlesStoreQuery.shape),
    response: gridResponse(articleRow),
    refusals: { 400: errorBody },
  }),
  grid: endpoint({
    method: 'GET',
    path: '/api/instock/GetStockJqGrid',
    access: admin,
    summary: 'The stores with their e-mails and stock calculation type (default sort: INVENTLOCATIONID)',
    tags: ['stores'],
    query: gridQuery,
    response: gridResponse(storeRow),
    refusals: { 400: errorBody },
  }),
  store: endpoint({
    method: 'GET',
    path: '/api/instock/getstock/:id',
    access: admin,
    summary: 'One store with its notice and return e-mails and its stock calculation type',
    tags: ['stores'],
    params: storeParams,
    response: storeRow,
    refusals: { 400: errorBody, 404: errorBody },
  }),
  put: endpoint({
    method: 'POST',
    path: '/api/instock/putstock',
    access: admin,
    summary:
      'Saves a store’s JUMNOTICEMAIL (new web orders), JUMRETURNMAIL (returns) — valid addresses or empty — and ' +
      'NOSYNC_StockCalcType (0 ERP stock, 1 ERP stock minus web orders not yet imported; decision 0043)',
    tags: ['stores'],
    body: putStockBody,
    response: putStockResponse,
    refusals: { 400: errorBody, 404: errorBody },
  }),
  dlvModes: endpoint({
    method: 'GET',
    path: '/api/instock/getdlvmodenames',
    access: admin,
    summary: 'Every delivery mode with the ERP’s name and the admins’ names by language (decision 0091)',
    tags: ['stores'],
    response: z.array(dlvModeNamesRow),
  }),
  putDlvModeNames: endpoint({
    method: 'POST',
    path: '/api/instock/putdlvmodenames',
    access: admin,
    summary:
      'Saves a delivery mode’s names by language (es, en, fr, pt; each optional, empty: the ERP’s name). The ERP ' +
      'sync never writes them.',
    tags: ['stores'],
    body: putDlvModeNamesBody,
    response: z.object({ message: z.literal(STORES_MESSAGES.saved), DLVMODE: z.string() }),
    refusals: { 400: errorBody, 404: errorBody },
  }),
};
