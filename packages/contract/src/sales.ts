import { z } from 'zod';
import { type GridDefinition, gridQuery, gridResponse } from './grids.ts';

/**
 * Orders (sales), web orders, invoices and packing slips (spec part 2 §2, §3, §4, §7): grid columns, rows,
 * lines and headers. Column names are the spec's. Dates are ISO strings: `YYYY-MM-DD` for dates,
 * full ISO timestamps for date-times; money in euros with 2 decimals. See docs/decisions/0012.
 */

/** Sales status (part 2 §4); the filter adds All = -1 (STATUS_ALL). */
export const SALES_STATUS = { none: 0, opened: 1, delivered: 2, invoiced: 3, canceled: 4 } as const;
export const SALES_STATUS_CODES = [0, 1, 2, 3, 4] as const;

/** Document types of the document log and of the report calls (part 2 §3 Document log). */
export const DOCUMENT_TYPE = { sales: 1, packingSlip: 2, invoice: 3 } as const;
export type DocumentType = (typeof DOCUMENT_TYPE)[keyof typeof DOCUMENT_TYPE];

/**
 * Ids of invoices and sales shaped as 41 + two letters + digits are shown without the 41 (part 1 §9): the one rule of
 * the web's screens and the server's PDF and Excel documents (decision 0071). No id shows as ''.
 */
export const PREFIXED_41 = /^41[A-Za-z]{2}\d+$/;
export const displayDocumentId = (id: string | null | undefined): string =>
  !id ? '' : PREFIXED_41.test(id) ? id.slice(2) : id;
/** The ids a typed or linked id may stand for: itself, and with the 41 back when it has the shown shape. */
export const documentIdCandidates = (id: string) => (/^[A-Za-z]{2}\d+$/.test(id) ? [id, `41${id}`] : [id]);

/** A document id in a path or query: ERP ids are letters, digits and - / _ . only. */
export const documentId = z
  .string()
  .trim()
  .min(1)
  .max(40)
  .regex(/^[A-Za-z0-9][A-Za-z0-9\-_/.]*$/, 'WARN_ValidationError');
export const documentIdParams = z.object({ id: documentId });
export const documentIdQuery = z.object({ id: documentId });
export const webOrderIdParams = z.object({
  id: z.coerce
    .number()
    .int()
    .positive()
    .max(2 ** 53),
});

const emptyToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);
/** `getallheaders/`: one header by id (404 when it is not the caller's), else the newest ones. */
export const headersQuery = z.object({
  id: z.preprocess(emptyToUndefined, documentId.optional()),
  rows: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(100).default(100)),
});
export const webOrderHeadersQuery = z.object({
  id: z.preprocess(
    emptyToUndefined,
    z.coerce
      .number()
      .int()
      .positive()
      .max(2 ** 53)
      .optional(),
  ),
  rows: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(100).default(100)),
});

/** Invoice and packing slip grids: `filterProduct`, at least 2 characters, keeps documents holding a line
 * whose article reference or description contains it (part 2 §5). */
export const productFilterGridQuery = gridQuery.extend({
  filterProduct: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    z.string().trim().min(2, 'WARN_ProductFilterShort').max(60).optional(),
  ),
});

const relatedIds = z.string().nullable();
const money = z.number();

// ---------------------------------------------------------------- sales orders
export const SALES_GRID = {
  columns: {
    SALESID: { type: 'text', sortable: true, filterable: true },
    JUMCREATEDDATE: { type: 'datetime', sortable: true, filterable: true },
    CUSTACCOUNT: { type: 'text', sortable: true, filterable: true },
    CUSTOMERREF: { type: 'text', sortable: true, filterable: true },
    INVENTLOCATIONID: { type: 'text', sortable: true, filterable: true },
    INVENTLOCATIONNAME: { type: 'text', sortable: true, filterable: true },
    DELIVERYNAME: { type: 'text', sortable: true, filterable: true },
    SALESSTATUS: { type: 'number', sortable: true, filterable: true },
    DLVMODE: { type: 'text', sortable: true, filterable: true },
    SALESORIGINID: { type: 'text', sortable: true, filterable: true },
    SALESTAKER: { type: 'text', sortable: true, filterable: true },
  },
  defaultSort: { sidx: 'JUMCREATEDDATE', sord: 'desc' },
} as const satisfies GridDefinition;

export const salesHeader = z.object({
  SALESID: z.string(),
  JUMCREATEDDATE: z.string(),
  CUSTACCOUNT: z.string(),
  CUSTOMERREF: z.string(),
  INVENTLOCATIONID: z.string(),
  INVENTLOCATIONNAME: z.string(),
  DELIVERYNAME: z.string(),
  SALESSTATUS: z.number().int(),
  DLVMODE: z.string(),
  DLVMODENAME: z.string().nullable(),
  SALESORIGINID: z.string(),
  SALESTAKER: z.string(),
  /** Comma-separated ids of the related packing slips and invoices (null: none). */
  PackingSlipRelated: relatedIds,
  InvoiceRelated: relatedIds,
});
export type SalesHeader = z.infer<typeof salesHeader>;
export const salesGridResponse = gridResponse(salesHeader);
export const salesHeaders = z.array(salesHeader);

export const salesLine = z.object({
  SALESID: z.string(),
  LINENUM: z.number().int(),
  ITEMID: z.string(),
  NAME: z.string(),
  id_articulo: z.number().int().nullable(),
  SALESQTY: z.number(),
  SALESPRICE: money,
  LINEPERCENT: z.number(),
  LINEAMOUNT: money,
});
export type SalesLine = z.infer<typeof salesLine>;
export const salesLines = z.array(salesLine);

// ---------------------------------------------------------------- web orders
export const WEB_ORDERS_GRID = {
  columns: {
    Id: { type: 'number', sortable: true, filterable: true },
    FechaPedido: { type: 'datetime', sortable: true, filterable: true },
    DELIVERYDATE: { type: 'date', sortable: true, filterable: true },
    DELIVERYNAME: { type: 'text', sortable: true, filterable: true },
    CUSTOMERREF: { type: 'text', sortable: true, filterable: true },
    JUMSALESOBS: { type: 'text', sortable: true, filterable: true },
    INVENTLOCATIONID: { type: 'text', sortable: true, filterable: true },
    INVENTLOCATIONNAME: { type: 'text', sortable: true, filterable: true },
    DLVMODENAME: { type: 'text', sortable: true, filterable: true },
    PAYMENTMETHODNAME: { type: 'text', sortable: true, filterable: true },
    MEDIO_COD: { type: 'number', sortable: true, filterable: true },
    IMPORTED: { type: 'bool', sortable: true, filterable: true },
    ERROR: { type: 'text', sortable: true, filterable: true },
    REINTENTOSWEB: { type: 'number', sortable: true, filterable: true },
    SalesRelated: { type: 'text', sortable: true, filterable: true },
    CUSTACCOUNT: { type: 'text', sortable: true, filterable: true },
    USERNAME: { type: 'text', sortable: false, filterable: false },
    AMOUNT: { type: 'number', sortable: true, filterable: true },
  },
  defaultSort: { sidx: 'FechaPedido', sord: 'desc' },
} as const satisfies GridDefinition;

export const webOrderHeader = z.object({
  Id: z.number().int(),
  FechaPedido: z.string(),
  DELIVERYDATE: z.string(),
  DELIVERYNAME: z.string(),
  CUSTOMERREF: z.string(),
  JUMSALESOBS: z.string(),
  INVENTLOCATIONID: z.string(),
  INVENTLOCATIONNAME: z.string(),
  DLVMODENAME: z.string(),
  PAYMENTMETHODNAME: z.string(),
  /** 0 web, 1 third party. */
  MEDIO_COD: z.number().int(),
  IMPORTED: z.boolean(),
  ERROR: z.string().nullable(),
  REINTENTOSWEB: z.number().int(),
  SalesRelated: relatedIds,
  /** The purchase receipt of the order (null when there is none to show). */
  SalesLink: z.string().nullable(),
  CUSTACCOUNT: z.string(),
  USERNAME: z.string().nullable(),
  /** Net amount of the order, without VAT. */
  AMOUNT: money,
});
export type WebOrderHeader = z.infer<typeof webOrderHeader>;
export const webOrderGridResponse = gridResponse(webOrderHeader);
export const webOrderHeaders = z.array(webOrderHeader);

export const webOrderLine = z.object({
  Id: z.number().int(),
  LINENUM: z.number().int(),
  ITEMID: z.string(),
  NAME: z.string(),
  id_articulo: z.number().int(),
  FAMILY: z.string(),
  QTY: z.number().int(),
  PV1D: money,
  SALESPRICE: money,
  LINEAMOUNT: money,
  /** The line's job reference (a plate, a work order, a claim number; decision 0081), null when none. */
  JOBREF: z.string().nullable(),
});
export const webOrderLines = z.array(webOrderLine);

/** POST /api/insalesweb/reloadNonProcessedCheckOut: how many web orders were queued again. */
export const reloadResponse = z.object({ queued: z.number().int(), pending: z.number().int() });

// ---------------------------------------------------------------- invoices
export const INVOICES_GRID = {
  columns: {
    INVOICEID: { type: 'text', sortable: true, filterable: true },
    INVOICEDATE: { type: 'date', sortable: true, filterable: true },
    INVOICEACCOUNT: { type: 'text', sortable: true, filterable: true },
    INVOICINGNAME: { type: 'text', sortable: true, filterable: true },
    JUMEMPLNAME: { type: 'text', sortable: true, filterable: true },
    SALESBALANCE: { type: 'number', sortable: true, filterable: true },
    SUMTAX: { type: 'number', sortable: true, filterable: true },
    INVOICEAMOUNT: { type: 'number', sortable: true, filterable: true },
  },
  defaultSort: { sidx: 'INVOICEDATE', sord: 'desc' },
} as const satisfies GridDefinition;

export const invoiceHeader = z.object({
  INVOICEID: z.string(),
  INVOICEDATE: z.string(),
  INVOICEACCOUNT: z.string(),
  INVOICINGNAME: z.string(),
  JUMEMPLNAME: z.string(),
  /** Net amount, VAT, and total. */
  SALESBALANCE: money,
  SUMTAX: money,
  INVOICEAMOUNT: money,
  SalesRelated: relatedIds,
  PackingSlipRelated: relatedIds,
});
export type InvoiceHeader = z.infer<typeof invoiceHeader>;
export const invoiceGridResponse = gridResponse(invoiceHeader);
export const invoiceHeaders = z.array(invoiceHeader);

export const invoiceLine = z.object({
  INVOICEID: z.string(),
  LINENUM: z.number().int(),
  SALESID: z.string(),
  ITEMID: z.string(),
  NAME: z.string(),
  id_articulo: z.number().int().nullable(),
  QTY: z.number(),
  SALESPRICE: money,
  LINEPERCENT: z.number(),
  LINEAMOUNT: money,
  TAXPERCENT: z.number(),
  TAXAMOUNT: money,
});
export const invoiceLines = z.array(invoiceLine);

// ---------------------------------------------------------------- packing slips
export const PACKING_SLIPS_GRID = {
  columns: {
    PACKINGSLIPID: { type: 'text', sortable: true, filterable: true },
    DELIVERYDATE: { type: 'date', sortable: true, filterable: true },
    ORDERACCOUNT: { type: 'text', sortable: true, filterable: true },
    ACCOUNTNAME: { type: 'text', sortable: true, filterable: true },
    CUSTOMERREF: { type: 'text', sortable: true, filterable: true },
    INVENTLOCATIONID: { type: 'text', sortable: true, filterable: true },
    INVENTLOCATIONNAME: { type: 'text', sortable: true, filterable: true },
    DELIVERYNAME: { type: 'text', sortable: true, filterable: true },
    DLVMODE: { type: 'text', sortable: true, filterable: true },
    JUMEMPLNAME: { type: 'text', sortable: true, filterable: true },
  },
  defaultSort: { sidx: 'DELIVERYDATE', sord: 'desc' },
} as const satisfies GridDefinition;

export const packingSlipHeader = z.object({
  PACKINGSLIPID: z.string(),
  DELIVERYDATE: z.string(),
  ORDERACCOUNT: z.string(),
  ACCOUNTNAME: z.string(),
  CUSTOMERREF: z.string(),
  INVENTLOCATIONID: z.string(),
  INVENTLOCATIONNAME: z.string(),
  DELIVERYNAME: z.string(),
  DLVMODE: z.string(),
  DLVMODENAME: z.string().nullable(),
  JUMEMPLNAME: z.string(),
  SalesRelated: relatedIds,
  InvoiceRelated: relatedIds,
});
export type PackingSlipHeader = z.infer<typeof packingSlipHeader>;
export const packingSlipGridResponse = gridResponse(packingSlipHeader);
export const packingSlipHeaders = z.array(packingSlipHeader);

export const packingSlipLine = z.object({
  PACKINGSLIPID: z.string(),
  LINENUM: z.number().int(),
  SALESID: z.string(),
  ITEMID: z.string(),
  NAME: z.string(),
  id_articulo: z.number().int().nullable(),
  QTY: z.number(),
});
export const packingSlipLines = z.array(packingSlipLine);
