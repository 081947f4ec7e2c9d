/**
 * The ERP's feeds (issue 23; decision 0060): `POST /api/integration/v1/feeds/<feed>` takes a JSON array or NDJSON
 * (`application/x-ndjson`, one row a line, streamed) of rows named as the ERP names them, and applies them through
 * the sync procedures' appliers. Each row is applied, unchanged (same values, no write) or refused with its key and
 * reason; a row is never half applied. A delete is an explicit row carrying `"_delete": true`.
 */
import { z } from 'zod';
import { FAMILY_CODES, normalizeCode } from './catalog.ts';
import { LANGUAGE_KEYS, RANK } from './constants.ts';
import { endpoint } from './endpoint.ts';
import { errorBody } from './errors.ts';
import { DOCUMENT_FEED_EXAMPLES, DOCUMENT_FEED_ROWS, DOCUMENT_FEED_SUMMARIES } from './integration-documents.ts';

/** Rows applied per transaction (one set-based statement each). */
export const FEED_BATCH_ROWS = 1000;
/** Refused rows listed in an answer; the others are counted in `errorsLeftOff`. */
export const FEED_MAX_ERRORS = 1000;
/** The largest JSON array body; NDJSON streams without a limit. */
export const FEED_JSON_BODY_LIMIT = 32 * 1024 * 1024;
/** How long the answer of a batch sent with an `Idempotency-Key` is kept. */
export const FEED_IDEMPOTENCY_DAYS = 7;

/** The feeds this portal takes today (the others of issue 23 are listed in decision 0060). */
export const FEEDS = [
  'stock',
  'prices',
  'clients',
  'web-order-results',
  'refund-results',
  // The catalogue (decision 0065).
  'articles',
  'stores',
  // The sales documents (decision 0066; integration-documents.ts).
  'sales-orders',
  'packing-slips',
  'invoices',
  'credit-notes',
] as const;
export type Feed = (typeof FEEDS)[number];

/** The reason of a refused row. */
export const FEED_REASONS = {
  malformed: 'malformed',
  unknownArticle: 'unknown-article',
  unknownStore: 'unknown-store',
  unknownClient: 'unknown-client',
  unknownWebOrder: 'unknown-web-order',
  alreadyImported: 'already-imported',
  unknownRefund: 'unknown-refund',
  notDecided: 'not-decided',
  alreadyProcessed: 'already-processed',
  otherReturnOrder: 'other-return-order',
  /** A packing slip or invoice whose SALESID the portal does not have (decision 0066). */
  unknownSalesOrder: 'unknown-sales-order',
  unknownFamily: 'unknown-family',
  unknownVehicle: 'unknown-vehicle',
} as const;

/** When the ERP last changed the row (optional): the newest of a batch gives the feed's lag. */
const modified = z.iso
  .datetime({ offset: true })
  .optional()
  .describe('MODIFIEDDATETIME: when the ERP last changed the row (ISO 8601); the feed’s lag is measured from it');
const itemId = z.string().trim().min(1).max(40).describe('ITEMID: the article’s reference (ref_jumasa)');
const remove = z.literal(true).optional().describe('true: the row is deleted in the portal');

export const stockRow = z
  .object({
    ITEMID: itemId,
    INVENTLOCATIONID: z.string().trim().min(1).max(20).describe('INVENTLOCATIONID: the store'),
    AVAILPHYSICAL: z
      .number()
      .int()
      .min(-1_000_000_000)
      .max(1_000_000_000)
      .optional()
      .describe('AVAILPHYSICAL: the physical stock available (required unless _delete)'),
    MODIFIEDDATETIME: modified,
    _delete: remove,
  })
  .refine((r) => r._delete === true || r.AVAILPHYSICAL !== undefined, {
    path: ['AVAILPHYSICAL'],
    message: 'AVAILPHYSICAL is required unless _delete',
  });
export type StockRow = z.infer<typeof stockRow>;

const priceValue = z
  .union([z.number(), z.string().regex(/^-?\d{1,10}(\.\d{1,2})?$/)])
  .transform((v) => (typeof v === 'number' ? v.toFixed(2) : v))
  .refine((v) => Number(v) >= 0 && Number(v) < 1e10, 'PV1D out of range');
export const priceRow = z.object({
  ITEMID: itemId,
  PV1D: priceValue.describe('PV1D: the list price, two decimals at most'),
  MODIFIEDDATETIME: modified,
});
export type PriceRow = z.infer<typeof priceRow>;

const optionalText = (max: number, what: string) => z.string().trim().min(1).max(max).optional().describe(what);
export const clientRow = z.object({
  ACCOUNTNUM: z.string().trim().min(1).max(20).describe('ACCOUNTNUM: the client’s account'),
  NAME: optionalText(200, 'NAME: required for a client the portal does not have yet'),
  NOMCOMERCIAL: optionalText(200, 'NOMCOMERCIAL: the commercial name'),
  CIF: optionalText(20, 'CIF: the tax id'),
  EMAIL: z.email().max(200).optional().describe('EMAIL'),
  PHONE: optionalText(40, 'PHONE'),
  ALMACEN: optionalText(20, 'ALMACEN: the client’s home store (INVENTLOCATIONID)'),
  BOQPEDIDO: z.boolean().optional().describe('BOQPEDIDO: orders blocked'),
  BLOQTODO: z.boolean().optional().describe('BLOQTODO: all blocked (nobody of the client signs in)'),
  MODIFIEDDATETIME: modified,
});
export type ClientRow = z.infer<typeof clientRow>;

export const webOrderResultRow = z
  .object({
    WEBORDERID: z.number().int().positive().describe('The web order’s Id in the portal'),
    SALESID: z
      .array(z.string().trim().min(1).max(40))
      .min(1)
      .max(50)
      .optional()
      .describe('SALESID: the ERP sales orders made from the web order (imported)'),
    ERROR: z.string().trim().min(1).max(500).optional().describe('ERROR: why the ERP refused the web order'),
    MODIFIEDDATETIME: modified,
  })
  .refine((r) => (r.SALESID === undefined) !== (r.ERROR === undefined), 'SALESID or ERROR, one of them');
export type WebOrderResultRow = z.infer<typeof webOrderResultRow>;

const erpDocumentId = (what: string) => z.string().trim().min(1).max(40).optional().describe(what);
export const refundResultRow = z
  .object({
    REFUNDID: z
      .number()
      .int()
      .positive()
      .describe('The refund’s Id in the portal (the `Id` of its refund.decided event)'),
    RETURNSALESTABLEID: erpDocumentId('RETURNSALESTABLEID: the ERP return order made from the refund (exported)'),
    CREDITNOTEID: erpDocumentId('The credit note the ERP made for the return order (the refund is then processed)'),
    ERROR: z.string().trim().min(1).max(500).optional().describe('ERROR: why the ERP refused the return order'),
    MODIFIEDDATETIME: modified,
  })
  .refine(
    (r) => (r.ERROR === undefined) !== (r.RETURNSALESTABLEID === undefined && r.CREDITNOTEID === undefined),
    'RETURNSALESTABLEID and/or CREDITNOTEID, or ERROR',
  );
export type RefundResultRow = z.infer<typeof refundResultRow>;
// The articles feed (decision 0065). A child collection (NAMES, FITMENTS, OEM) given in a row replaces the
// article's collection as a whole; left out, the portal's is kept.
const code = (what: string) =>
  z
    .string()
    .trim()
    .min(1)
    .max(40)
    .refine((v) => normalizeCode(v) !== '', 'a code needs a letter or a digit')
    .describe(what);
export const articleRow = z
  .object({
    ITEMID: itemId,
    ITEMNAME: optionalText(
      200,
      'ITEMNAME: the catalogue’s name (required for an article the portal does not have yet)',
    ),
    NAMES: z
      .array(z.object({ LANGUAGEID: z.enum(LANGUAGE_KEYS), NAME: z.string().trim().min(1).max(200) }).strict())
      .max(LANGUAGE_KEYS.length)
      .refine((v) => new Set(v.map((n) => n.LANGUAGEID)).size === v.length, 'one name per language')
      .optional()
      .describe('The name per language (EcoResProductTranslation: LANGUAGEID es, pt, en, fr and NAME)'),
    FAMILY: z
      .string()
      .trim()
      .min(1)
      .max(10)
      .optional()
      .describe(`The product family, one of ${FAMILY_CODES.join(', ')} (required for a new article)`),
    PROVEEDOR: optionalText(100, 'PROVEEDOR: the brand (stw_Proveedor; required for a new article)'),
    PV1D: priceValue
      .optional()
      .describe('PV1D: the list price (a new article needs one, here or sent before on prices)'),
    NOVEDAD: z.boolean().optional().describe('NOVEDAD: shown as a novelty'),
    OFERTA: z.boolean().optional().describe('OFERTA: shown as an offer'),
    EUROCODE: code('EUROCODE: the glass code (null clears it)').nullable().optional(),
    OEM: z.array(code('An OEM code')).max(200).optional().describe('OEM: the manufacturers’ codes'),
    FITMENTS: z
      .array(
        z
          .object({
            MODELID: z.number().int().positive().describe('The vehicle model (the catalogue’s model id)'),
            ENGINEID: z
              .number()
              .int()
              .positive()
              .nullable()
              .optional()
              .describe('The engine of that model; none: every engine of the model'),
          })
          .strict(),
      )
      .max(2000)
      .optional()
      .describe('FITMENTS: the vehicles the article fits, by the catalogue’s model (and engine) ids'),
    MODIFIEDDATETIME: modified,
    _delete: remove,
  })
  .refine(
    (r) => r._delete !== true || Object.keys(r).every((k) => ['ITEMID', '_delete', 'MODIFIEDDATETIME'].includes(k)),
    {
      message: 'a delete carries ITEMID only',
    },
  );
export type ArticleRow = z.infer<typeof articleRow>;

const coordinate = (max: number, what: string) => z.number().min(-max).max(max).optional().describe(what);
export const storeRow = z
  .object({
    INVENTLOCATIONID: z.string().trim().min(1).max(20).describe('INVENTLOCATIONID: the store'),
    NAME: optionalText(200, 'NAME (required, with the address, for a store the portal does not have yet)'),
    STREET: optionalText(200, 'STREET'),
    CITY: optionalText(100, 'CITY'),
    ZIPCODE: optionalText(20, 'ZIPCODE'),
    STATE: optionalText(100, 'STATE: the province'),
    LATITUDE: coordinate(90, 'LATITUDE (the stores map)'),
    LONGITUDE: coordinate(180, 'LONGITUDE (the stores map)'),
    PHONE: optionalText(40, 'PHONE'),
    JUMNOTICEMAIL: z.email().max(200).optional().describe('JUMNOTICEMAIL: new web orders are announced here'),
    JUMRETURNMAIL: z.email().max(200).optional().describe('JUMRETURNMAIL: returns are announced here'),
    MODIFIEDDATETIME: modified,
    _delete: remove,
  })
  .refine(
    (r) =>
      r._delete !== true ||
      Object.keys(r).every((k) => ['INVENTLOCATIONID', '_delete', 'MODIFIEDDATETIME'].includes(k)),
    { message: 'a delete carries INVENTLOCATIONID only' },
  );
export type StoreRow = z.infer<typeof storeRow>;

export const FEED_ROWS = {
  stock: stockRow,
  prices: priceRow,
  clients: clientRow,
  'web-order-results': webOrderResultRow,
  'refund-results': refundResultRow,
  ...DOCUMENT_FEED_ROWS,

  articles: articleRow,
  stores: storeRow,
} as const satisfies Record<Feed, z.ZodType>;

const EXAMPLES: Record<Feed, unknown[]> = {
  stock: [
    { ITEMID: '0001234', INVENTLOCATIONID: '01', AVAILPHYSICAL: 12, MODIFIEDDATETIME: '2026-11-26T10:00:00Z' },
    { ITEMID: '0001234', INVENTLOCATIONID: '07', _delete: true },
  ],
  prices: [{ ITEMID: '0001234', PV1D: '18.40', MODIFIEDDATETIME: '2026-11-26T10:00:00Z' }],
  clients: [
    { ACCOUNTNUM: 'C00001', NAME: 'Talleres Martín S.L.', ALMACEN: 'MAD01', BOQPEDIDO: false, BLOQTODO: false },
    { ACCOUNTNUM: 'C00002', BOQPEDIDO: true },
  ],
  'web-order-results': [
    { WEBORDERID: 1042, SALESID: ['PV-000123'] },
    { WEBORDERID: 1043, ERROR: 'Cliente bloqueado' },
  ],
  'refund-results': [
    { REFUNDID: 77, RETURNSALESTABLEID: 'DV-000045' },
    { REFUNDID: 77, RETURNSALESTABLEID: 'DV-000045', CREDITNOTEID: 'AB-000031' },
    { REFUNDID: 78, ERROR: 'Albarán no encontrado' },
  ],
  ...DOCUMENT_FEED_EXAMPLES,
  articles: [
    {
      ITEMID: 'BOS.045-0123',
      ITEMNAME: 'Disco de freno delantero Bosch',
      NAMES: [
        { LANGUAGEID: 'pt', NAME: 'Disco de travão dianteiro Bosch' },
        { LANGUAGEID: 'en', NAME: 'Front brake disc Bosch' },
      ],
      FAMILY: '01',
      PROVEEDOR: 'Bosch',
      PV1D: '42.10',
      OEM: ['1K0 615 301 AA', '5Q0615301F'],
      FITMENTS: [{ MODELID: 12, ENGINEID: 40 }, { MODELID: 13 }],
      MODIFIEDDATETIME: '2026-11-26T10:00:00Z',
    },
    { ITEMID: 'PIL.2450-AGN', EUROCODE: '2450AGNV', OFERTA: true },
    { ITEMID: 'OLD-0001', _delete: true },
  ],
  stores: [
    {
      INVENTLOCATIONID: 'MAD01',
      NAME: 'Madrid Centro',
      STREET: 'Calle de Alcalá 100',
      CITY: 'Madrid',
      ZIPCODE: '28009',
      STATE: 'Madrid',
      LATITUDE: 40.4203,
      LONGITUDE: -3.6836,
      PHONE: '+34 910 000 000',
    },
    { INVENTLOCATIONID: 'VLC02', _delete: true },
  ],
};

const SUMMARIES: Record<Feed, string> = {
  stock:
    'Stock per article and store (InventSum: ITEMID, INVENTLOCATIONID, AVAILPHYSICAL); `_delete` removes the ' +
    'article’s stock row of that store',
  prices:
    'List prices (ITEMID, PV1D). A price of an article the portal does not know yet is refused and kept in the sync ' +
    'error queue (procedure ArticlesPrices), applied when the article arrives',
  clients:
    'Clients (CustTable: ACCOUNTNUM, NAME, NOMCOMERCIAL, CIF, EMAIL, PHONE, ALMACEN, BOQPEDIDO, BLOQTODO): a new ' +
    'account is created (NAME required), a known one updated; a field left out keeps the portal’s value. No delete: ' +
    'a client the ERP drops is sent with BLOQTODO true',
  'web-order-results':
    'The ERP’s answer to the web orders it was sent: SALESID (the web order becomes IMPORTED, SalesRelated) or ' +
    'ERROR (recorded, REINTENTOSWEB + 1; the web order stays not imported)',
  'refund-results':
    'The ERP’s answer to a decided refund (event refund.decided): RETURNSALESTABLEID (the return order: exported), ' +
    'CREDITNOTEID (the credit note: processed, the customer is told) or ERROR (recorded, STATUS 3). The same answer ' +
    'again is unchanged; a processed refund refuses another credit note (already-processed)',
  ...DOCUMENT_FEED_SUMMARIES,
  articles:
    'Articles (EcoResReleasedProductV2 and its translations, OEM/EUROCODE codes and vehicle fitments: ITEMID, ITEMNAME, ' +
    'NAMES, FAMILY, PROVEEDOR, PV1D, NOVEDAD, OFERTA, EUROCODE, OEM, FITMENTS). A new ITEMID needs ITEMNAME, FAMILY, ' +
    'PROVEEDOR and a price (PV1D, or one the prices feed kept); a field left out keeps the portal’s value, and NAMES, ' +
    'OEM or FITMENTS given replace the article’s whole collection. `_delete` deletes the article, or withdraws it from ' +
    'sale when web orders, refunds or ERP documents refer to it',
  stores:
    'Stores (InventLocation with its address: INVENTLOCATIONID, NAME, STREET, CITY, ZIPCODE, STATE, LATITUDE, ' +
    'LONGITUDE, PHONE, JUMNOTICEMAIL, JUMRETURNMAIL). A new store needs its name, address and position; a field left ' +
    'out keeps the portal’s value. `_delete` removes the store’s stock, and the store, or deactivates it when clients, ' +
    'web orders, carts, refunds or ERP documents refer to it',
};

export const feedError = z.object({
  row: z.number().int().describe('The row’s number in the body, from 1'),
  key: z.string().describe('The row’s key (e.g. ITEMID/INVENTLOCATIONID), or empty when unreadable'),
  reason: z
    .string()
    .describe(
      'malformed: …, unknown-article (a document’s names the ITEMID: `unknown-article: <ITEMID>`), unknown-store, ' +
        'unknown-client, unknown-web-order, already-imported, unknown-sales-order, unknown-refund, not-decided, ' +
        'already-processed, other-return-order, unknown-family, unknown-vehicle',
    ),
});
export const feedResult = z.object({
  applied: z.number().int(),
  unchanged: z.number().int(),
  refused: z.number().int(),
  errors: z.array(feedError),
  errorsLeftOff: z.number().int().describe('Refused rows not listed (beyond the first 1,000)'),
});
export type FeedResult = z.infer<typeof feedResult>;

const feedRefusals = {
  400: errorBody,
  401: errorBody,
  403: errorBody,
  409: errorBody,
  413: errorBody,
  415: errorBody,
  422: errorBody,
  429: errorBody,
};

/** Refusal messages of a whole batch. */
export const FEED_MESSAGES = {
  notArray: 'A JSON body must be an array of rows',
  tooLarge: 'A JSON body holds 32 MB at most: send NDJSON (application/x-ndjson) for larger feeds',
  keyInvalid: 'Idempotency-Key: 1 to 200 printable characters',
  idempotencyOtherBody: 'This Idempotency-Key was used with another body',
  idempotencyInProgress: 'A batch with this Idempotency-Key is being applied',
  mediaType: 'Send the rows as application/json (an array) or application/x-ndjson',
} as const;

const feedEndpoint = <F extends Feed>(feed: F) =>
  endpoint({
    method: 'POST',
    path: `/api/integration/v1/feeds/${feed}`,
    access: { scope: 'erp.feeds' },
    summary: SUMMARIES[feed],
    tags: ['integration'],
    body: z.array(FEED_ROWS[feed]).meta({
      description:
        'A JSON array of rows, or NDJSON (application/x-ndjson, one row a line) for large feeds. Send ' +
        '`Idempotency-Key` to make a retry answer what the first call answered.',
      example: EXAMPLES[feed],
    }),
    response: feedResult,
    refusals: feedRefusals,
    consumes: ['application/json', 'application/x-ndjson'],
  });

export const FEED_ENDPOINTS = {
  stock: feedEndpoint('stock'),
  prices: feedEndpoint('prices'),
  clients: feedEndpoint('clients'),
  'web-order-results': feedEndpoint('web-order-results'),
  'refund-results': feedEndpoint('refund-results'),
  'sales-orders': feedEndpoint('sales-orders'),
  'packing-slips': feedEndpoint('packing-slips'),
  invoices: feedEndpoint('invoices'),
  'credit-notes': feedEndpoint('credit-notes'),
  articles: feedEndpoint('articles'),
  stores: feedEndpoint('stores'),
} as const;

/** The last batch of each feed and client, for the sync screen. */
export const feedBatch = z.object({
  feed: z.string(),
  client: z.string().describe('The integration client’s name'),
  rows: z.number().int(),
  applied: z.number().int(),
  unchanged: z.number().int(),
  refused: z.number().int(),
  startedAt: z.string(),
  finishedAt: z.string(),
  lagSeconds: z
    .number()
    .nullable()
    .describe('finishedAt − the newest MODIFIEDDATETIME of the rows, when they carry one'),
});
export type FeedBatch = z.infer<typeof feedBatch>;

export const getFeedBatches = endpoint({
  method: 'GET',
  path: '/api/insync/getfeeds',
  access: { rank: RANK.admin },
  summary: 'The last batch of each ERP feed and client: rows, applied, unchanged, refused, lag, when',
  tags: ['sync'],
  response: z.array(feedBatch),
  refusals: { 401: errorBody, 403: errorBody },
});
