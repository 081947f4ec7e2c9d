/**
 * The ERP's sales documents as feeds (issue 23; decision 0066): `sales-orders`, `packing-slips`, `invoices` and
 * `credit-notes`, each row a document with its lines, named as the ERP names them; and the ERP's own PDF of a document,
 * `PUT /api/integration/v1/documents/<kind>/<id>/pdf`. The feeds' call, answer and rules are those of
 * integration-feeds.ts (decision 0060): this file holds the documents' rows, examples and summaries.
 */
import { z } from 'zod';
import { endpoint, fileBytes } from './endpoint.ts';
import { errorBody } from './errors.ts';

export const DOCUMENT_FEEDS = ['sales-orders', 'packing-slips', 'invoices', 'credit-notes'] as const;
export type DocumentFeed = (typeof DOCUMENT_FEEDS)[number];

/** Lines a document row holds at most. */
export const DOCUMENT_MAX_LINES = 1000;
/** The largest PDF the ERP may send for a document. */
export const DOCUMENT_PDF_MAX_BYTES = 20 * 1024 * 1024;

const modified = z.iso
  .datetime({ offset: true })
  .optional()
  .describe('MODIFIEDDATETIME: when the ERP last changed the document (ISO 8601); the feed’s lag is measured from it');
const remove = z.literal(true).optional().describe('true: the document and its lines are deleted in the portal');
const id = (what: string) => z.string().trim().min(1).max(40).describe(what);
const text = (max: number, what: string) => z.string().trim().max(max).optional().describe(what);
const day = (what: string) => z.iso.date().describe(`${what} (YYYY-MM-DD)`);
/** A decimal with 2 places at most, as a number or a string ("18.40"); negative on a credit note. */
const decimal = (what: string, max = 1e10) =>
  z
    .union([z.number(), z.string().regex(/^-?\d{1,12}(\.\d{1,2})?$/)])
    .transform((v) => (typeof v === 'number' ? v.toFixed(2) : v))
    .refine((v) => Math.abs(Number(v)) < max, `${what} out of range`)
    .describe(what);
const percent = (what: string) =>
  decimal(what, 1000)
    .refine((v) => Number(v) >= 0 && Number(v) <= 100, `${what}: 0 to 100`)
    .describe(what);

const lineNo = z
  .number()
  .int()
  .min(1)
  .max(1_000_000)
  .optional()
  .describe('LINENUM: the line’s number (else its place)');
const quantityLine = {
  LINENUM: lineNo,
  ITEMID: id('ITEMID: the article’s reference (ref_jumasa); an unknown one refuses the whole document'),
  QTY: decimal('QTY: the quantity', 1e9),
};
const priceLine = {
  ...quantityLine,
  SALESPRICE: decimal('SALESPRICE: the unit price'),
  LINEPERCENT: percent('LINEPERCENT: the discount, %').optional(),
  LINEAMOUNT: decimal('LINEAMOUNT: the line’s net amount (else QTY × SALESPRICE less LINEPERCENT)').optional(),
};
const taxedLine = {
  ...priceLine,
  TAXPCT: percent('TAXPCT: the VAT rate, % (21 when left out)').optional(),
  TAXAMOUNT: decimal('TAXAMOUNT: the line’s VAT (else LINEAMOUNT × TAXPCT)').optional(),
};
const lines = <T extends z.ZodType>(line: T, what: string) =>
  z
    .array(line)
    .max(DOCUMENT_MAX_LINES)
    .optional()
    .describe(`LINES: ${what}. Given, they replace the document’s lines as a whole; left out, they are kept`);

/** Fields a delete row does not need: required unless `_delete`. */
function requiredUnlessDelete<T extends z.ZodObject>(schema: T, fields: readonly string[]) {
  return schema.superRefine((row, ctx) => {
    const r = row as Record<string, unknown>;
    if (r._delete === true) return;
    for (const f of fields)
      if (r[f] === undefined) ctx.addIssue({ code: 'custom', path: [f], message: `${f} is required unless _delete` });
    // A line's number is its key in the document: two lines with the same one cannot both be kept.
    const numbers = ((r.LINES ?? []) as { LINENUM?: number }[]).map((l, i) => l.LINENUM ?? i + 1);
    if (new Set(numbers).size !== numbers.length)
      ctx.addIssue({ code: 'custom', path: ['LINES'], message: 'two lines with the same LINENUM' });
  });
}

export const salesOrderRow = requiredUnlessDelete(
  z.object({
    SALESID: id('SALESID: the sales order'),
    CUSTACCOUNT: id('CUSTACCOUNT: the client’s account').optional(),
    INVENTLOCATIONID: id('INVENTLOCATIONID: the store').optional(),
    JUMCREATEDDATE: z
      .union([z.iso.datetime({ offset: true }), z.iso.date()])
      .optional()
      .describe('JUMCREATEDDATE: when the order was made (ISO 8601)'),
    CUSTOMERREF: text(60, 'CUSTOMERREF: the customer’s reference'),
    DELIVERYNAME: text(200, 'DELIVERYNAME: the delivery name (the client’s name when left out)'),
    DLVMODE: text(40, 'DLVMODE: the delivery mode'),
    SALESSTATUS: z
      .number()
      .int()
      .min(0)
      .max(4)
      .optional()
      .describe('SALESSTATUS: 0 none, 1 open, 2 delivered, 3 invoiced, 4 cancelled (1 for a new order when left out)'),
    SALESORIGINID: text(20, 'SALESORIGINID: where the order came from'),
    SALESTAKER: text(200, 'SALESTAKER: the employee who took it'),
    LINES: lines(z.object(priceLine), 'the order’s lines (SalesLine)'),
    MODIFIEDDATETIME: modified,
    _delete: remove,
  }),
  ['CUSTACCOUNT', 'INVENTLOCATIONID', 'JUMCREATEDDATE'],
);
export type SalesOrderRow = z.infer<typeof salesOrderRow>;

export const packingSlipRow = requiredUnlessDelete(
  z.object({
    PACKINGSLIPID: id('PACKINGSLIPID: the packing slip'),
    SALESID: id('SALESID: its sales order, which the portal must have (the client comes from it)').optional(),
    DELIVERYDATE: day('DELIVERYDATE: the day it was delivered').optional(),
    INVENTLOCATIONID: id('INVENTLOCATIONID: the store it left (the order’s when left out)').optional(),
    CUSTOMERREF: text(60, 'CUSTOMERREF (the order’s when left out)'),
    DELIVERYNAME: text(200, 'DELIVERYNAME (the order’s when left out)'),
    DLVMODE: text(40, 'DLVMODE (the order’s when left out)'),
    JUMEMPLNAME: text(200, 'JUMEMPLNAME: the employee (the order’s sales taker when left out)'),
    LINES: lines(
      z.object(quantityLine),
      'the delivered lines (CustPackingSlipTrans); a new packing slip without them delivers its order’s lines',
    ),
    MODIFIEDDATETIME: modified,
    _delete: remove,
  }),
  ['SALESID', 'DELIVERYDATE'],
);
export type PackingSlipRow = z.infer<typeof packingSlipRow>;

const amounts = {
  SALESBALANCE: decimal('SALESBALANCE: the net amount (else the sum of the lines)').optional(),
  SUMTAX: decimal('SUMTAX: the VAT (else from the lines, per rate)').optional(),
  INVOICEAMOUNT: decimal('INVOICEAMOUNT: the total (else SALESBALANCE + SUMTAX)').optional(),
};

export const invoiceRow = requiredUnlessDelete(
  z.object({
    INVOICEID: id('INVOICEID: the invoice'),
    SALESID: id('SALESID: its sales order, which the portal must have (the client comes from it)').optional(),
    INVOICEDATE: day('INVOICEDATE').optional(),
    DUEDATE: day('DUEDATE (INVOICEDATE + 30 days when left out)').optional(),
    JUMEMPLNAME: text(200, 'JUMEMPLNAME: the employee (the order’s sales taker when left out)'),
    ...amounts,
    LINES: lines(
      z.object(taxedLine),
      'the invoiced lines (CustInvoiceTrans); a new invoice without them invoices its order’s lines',
    ),
    MODIFIEDDATETIME: modified,
    _delete: remove,
  }),
  ['SALESID', 'INVOICEDATE'],
);
export type InvoiceRow = z.infer<typeof invoiceRow>;

export const creditNoteRow = requiredUnlessDelete(
  z.object({
    CREDITNOTEID: id('CREDITNOTEID: the credit note (the refund’s credit note)'),
    CUSTACCOUNT: id('CUSTACCOUNT: the client’s account').optional(),
    INVOICEDATE: day('INVOICEDATE: the credit note’s date').optional(),
    RETURNSALESTABLEID: id('RETURNSALESTABLEID: the return order it credits').optional(),
    INVOICEID: id('INVOICEID: the invoice it corrects').optional(),
    INVOICINGNAME: text(200, 'INVOICINGNAME (the client’s name when left out)'),
    ...amounts,
    LINES: lines(z.object(taxedLine), 'the credited lines'),
    MODIFIEDDATETIME: modified,
    _delete: remove,
  }),
  ['CUSTACCOUNT', 'INVOICEDATE'],
);
export type CreditNoteRow = z.infer<typeof creditNoteRow>;

export const DOCUMENT_FEED_ROWS = {
  'sales-orders': salesOrderRow,
  'packing-slips': packingSlipRow,
  invoices: invoiceRow,
  'credit-notes': creditNoteRow,
} as const satisfies Record<DocumentFeed, z.ZodType>;

export const DOCUMENT_FEED_EXAMPLES: Record<DocumentFeed, unknown[]> = {
  'sales-orders': [
    {
      SALESID: 'PV-000123',
      CUSTACCOUNT: 'C00001',
      INVENTLOCATIONID: 'MAD01',
      JUMCREATEDDATE: '2026-11-26T09:30:00Z',
      CUSTOMERREF: 'OT 4471',
      DLVMODE: 'RUTA',
      LINES: [
        { LINENUM: 1, ITEMID: '0001234', QTY: 2, SALESPRICE: '18.40', LINEPERCENT: '10' },
        { LINENUM: 2, ITEMID: '0005678', QTY: 1, SALESPRICE: '42.00' },
      ],
      MODIFIEDDATETIME: '2026-11-26T09:31:00Z',
    },
    { SALESID: 'PV-000099', _delete: true },
  ],
  'packing-slips': [
    {
      PACKINGSLIPID: 'ALB-000456',
      SALESID: 'PV-000123',
      DELIVERYDATE: '2026-11-27',
      LINES: [{ LINENUM: 1, ITEMID: '0001234', QTY: 2 }],
    },
  ],
  invoices: [
    {
      INVOICEID: 'FV-000789',
      SALESID: 'PV-000123',
      INVOICEDATE: '2026-11-30',
      LINES: [{ LINENUM: 1, ITEMID: '0001234', QTY: 2, SALESPRICE: '18.40', LINEPERCENT: '10', TAXPCT: '21' }],
    },
  ],
  'credit-notes': [
    {
      CREDITNOTEID: 'AB-000042',
      CUSTACCOUNT: 'C00001',
      INVOICEDATE: '2026-12-02',
      RETURNSALESTABLEID: 'DEV-000017',
      LINES: [{ LINENUM: 1, ITEMID: '0001234', QTY: -1, SALESPRICE: '18.40', TAXPCT: '21' }],
    },
  ],
};

export const DOCUMENT_FEED_SUMMARIES: Record<DocumentFeed, string> = {
  'sales-orders':
    'Sales orders with their lines (SalesOrderHeaderV2/SalesOrderLineV2: SALESID, CUSTACCOUNT, INVENTLOCATIONID, ' +
    'JUMCREATEDDATE, LINES with ITEMID, QTY, SALESPRICE, LINEPERCENT). A document with an unknown article, client ' +
    'or store is refused whole; LINES given replace the order’s lines; `_delete` removes the order',
  'packing-slips':
    'Packing slips with their lines (CustPackingSlipJour/Trans: PACKINGSLIPID, SALESID, DELIVERYDATE, LINES). The ' +
    'sales order must be known (`unknown-sales-order` otherwise); `_delete` removes the packing slip',
  invoices:
    'Invoices with their lines (CustInvoiceJour/Trans: INVOICEID, SALESID, INVOICEDATE, amounts, LINES with VAT). ' +
    'The sales order must be known; the customer sees the invoice in their grid; `_delete` removes it',
  'credit-notes':
    'Credit notes of returns with their lines (CustInvoiceJour/Trans of a return order: CREDITNOTEID, CUSTACCOUNT, ' +
    'RETURNSALESTABLEID, INVOICEDATE, amounts, LINES); `_delete` removes it',
};

/** The documents whose PDF the ERP may send, as the path names them. */
export const DOCUMENT_PDF_KINDS = ['sales-order', 'packing-slip', 'invoice', 'credit-note'] as const;
export type DocumentPdfKind = (typeof DOCUMENT_PDF_KINDS)[number];

export const documentPdfParams = z.object({
  kind: z.enum(DOCUMENT_PDF_KINDS).describe('The document’s kind'),
  id: id('The document’s id as its feed names it (SALESID, PACKINGSLIPID, INVOICEID, CREDITNOTEID)'),
});

export const documentPdfStored = z.object({
  kind: z.enum(DOCUMENT_PDF_KINDS),
  id: z.string(),
  size: z.number().int().describe('Bytes stored'),
  sha256: z.string().describe('SHA-256 of the PDF, hex'),
  changed: z.boolean().describe('false when the same PDF was stored already'),
});

export const putDocumentPdf = endpoint({
  method: 'PUT',
  path: '/api/integration/v1/documents/:kind/:id/pdf',
  access: { scope: 'erp.feeds' },
  summary: 'The ERP’s PDF of a document it fed: the customer’s PDF download serves it instead of the portal’s own',
  description:
    'The body is the PDF itself (`application/pdf`, 20 MB at most), checked by its content; it replaces the ' +
    'document’s earlier PDF. 404 when the portal does not have the document yet (send its feed first), 413 too ' +
    'large, 415 not a PDF.',
  tags: ['integration'],
  params: documentPdfParams,
  body: fileBytes,
  response: documentPdfStored,
  refusals: { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 413: errorBody, 415: errorBody },
  consumes: ['application/pdf'],
});
