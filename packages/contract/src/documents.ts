import { z } from 'zod';
import { langParam } from './common.ts';
import { endpoint, fileBytes } from './endpoint.ts';
import { errorBody } from './errors.ts';
import { filterOptions, type GridDefinition, gridResponse } from './grids.ts';
import { DOCUMENT_TYPE, type DocumentType, documentIdParams } from './sales.ts';

/**
 * Document downloads (part 2 §7 Orders/Invoices "printreport", Downloads "CheckReport"; §3 Document log):
 * a call answers `{url}`, and that URL (single use, valid a minute, no bearer token needed) downloads the PDF or
 * Excel file. Every document asked for is logged and counted; a daily limit per user answers 429 `NoMoreDownDocs`.
 */

/** Extension codes of the document log: 0 PDF, 1 Excel. */
export const DOCUMENT_EXTENSION = { pdf: 0, excel: 1 } as const;
export type DocumentExtension = (typeof DOCUMENT_EXTENSION)[keyof typeof DOCUMENT_EXTENSION];

/** The content type a downloaded document is served with, by its extension. */
export const DOCUMENT_CONTENT_TYPES: Record<DocumentExtension, string> = {
  [DOCUMENT_EXTENSION.pdf]: 'application/pdf',
  [DOCUMENT_EXTENSION.excel]: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/**
 * The spec's report names, and the other spellings accepted for them. Maps, not object literals: a lookup of
 * `__proto__` or `constructor` finds nothing instead of a property every object inherits.
 */
const REPORT_TYPE_NAMES = new Map<string, DocumentType>(
  Object.entries({
    pedido: DOCUMENT_TYPE.sales,
    sales: DOCUMENT_TYPE.sales,
    order: DOCUMENT_TYPE.sales,
    '1': DOCUMENT_TYPE.sales,
    albaran: DOCUMENT_TYPE.packingSlip,
    albarán: DOCUMENT_TYPE.packingSlip,
    packingslip: DOCUMENT_TYPE.packingSlip,
    '2': DOCUMENT_TYPE.packingSlip,
    factura: DOCUMENT_TYPE.invoice,
    invoice: DOCUMENT_TYPE.invoice,
    '3': DOCUMENT_TYPE.invoice,
  }),
);
const FORMAT_NAMES = new Map<string, DocumentExtension>(
  Object.entries({
    pdf: DOCUMENT_EXTENSION.pdf,
    '0': DOCUMENT_EXTENSION.pdf,
    excel: DOCUMENT_EXTENSION.excel,
    xlsx: DOCUMENT_EXTENSION.excel,
    xls: DOCUMENT_EXTENSION.excel,
    '1': DOCUMENT_EXTENSION.excel,
  }),
);

/** tipoInforme: pedido | albaran | factura (or 1 | 2 | 3). */
export const reportType = z
  .string()
  .trim()
  .max(20)
  .transform((v, ctx) => {
    const type = REPORT_TYPE_NAMES.get(v.toLowerCase());
    if (type === undefined) {
      ctx.addIssue({ code: 'custom', message: 'tipoInforme: pedido, albaran or factura' });
      return z.NEVER;
    }
    return type;
  });
/** tipoFormato: pdf | excel (or xlsx, 0 | 1). */
export const reportFormat = z
  .string()
  .trim()
  .max(10)
  .transform((v, ctx) => {
    const format = FORMAT_NAMES.get(v.toLowerCase());
    if (format === undefined) {
      ctx.addIssue({ code: 'custom', message: 'tipoFormato: pdf or excel' });
      return z.NEVER;
    }
    return format;
  });

const emptyToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

/** GET or POST /api/inprintreport/printreport/{id}. */
export const printReportQuery = z.object({
  tipoInforme: reportType,
  tipoFormato: reportFormat,
  lang: z.preprocess(emptyToUndefined, langParam.optional()),
});
/** GET /api/download/CheckReport/{reportId}. `userName`, when sent, must be the caller (admins excepted). */
export const checkReportQuery = z.object({
  tipoinforme: reportType,
  tipoformato: reportFormat,
  lang: z.preprocess(emptyToUndefined, langParam.optional()),
  userName: z.preprocess(emptyToUndefined, z.string().max(256).optional()),
});
export const reportIdParams = z.object({
  reportId: z
    .string()
    .trim()
    .min(1)
    .max(40)
    .regex(/^[A-Za-z0-9][A-Za-z0-9\-_/.]*$/),
});

export const reportUrlResponse = z.object({ url: z.string() });
export type ReportUrlResponse = z.infer<typeof reportUrlResponse>;

/** The app setting holding the daily download limit per user (0: no limit). */
export const DAILY_DOWNLOAD_LIMIT_SETTING = 'documents.daily_download_limit';
export const DEFAULT_DAILY_DOWNLOAD_LIMIT = 200;

/** GET /api/insettings/GetLogDocumentsJqGrid (admins): the document log (part 2 §3), Fecha desc. */
export const DOCUMENT_LOG_GRID = {
  columns: {
    Document_Id: { type: 'text', sortable: true, filterable: true },
    Document_Type: { type: 'number', sortable: true, filterable: true },
    Extension_Cod: { type: 'number', sortable: true, filterable: true },
    Fecha: { type: 'datetime', sortable: true, filterable: true },
    UserName: { type: 'text', sortable: true, filterable: true },
    Client_Id: { type: 'text', sortable: true, filterable: true },
    Log_Cod: { type: 'number', sortable: true, filterable: true },
  },
  defaultSort: { sidx: 'Fecha', sord: 'desc' },
} as const satisfies GridDefinition;

export const documentLogRow = z.object({
  Id: z.number().int(),
  Document_Id: z.string(),
  Document_Type: z.number().int(),
  Extension_Cod: z.number().int(),
  Fecha: z.string(),
  User_Id: z.string().nullable(),
  UserName: z.string(),
  Client_Id: z.string().nullable(),
  Log_Cod: z.number().int(),
});
export const documentLogGridResponse = gridResponse(documentLogRow);

const reportTags = ['documents'] as const;
const reportRefusals = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 429: errorBody } as const;
const printSummary =
  'A download URL for an order, delivery note or invoice (tipoInforme pedido|albaran|factura, tipoFormato pdf|excel)';
const printDescription =
  'Answers `{url}` and logs the document; the URL (single use, valid one minute, no bearer needed) downloads the file. 404 for a document of another client, 429 `NoMoreDownDocs` past the daily limit of documents asked for (app setting documents.daily_download_limit).';
/** The POST's parameters, each in the query string or the body (the handler requires both kinds). */
const printReportParts = printReportQuery.partial();
const settingsTags = ['settings'] as const;

/**
 * The calls the document screens share (issue 24: each declared once): the options of the grids' store and
 * delivery-mode filters, the download URL of a document (printreport, CheckReport) and the file of such a URL
 * (`download`: the web opens the URL the server answered, it never builds it).
 */
export const documentCalls = {
  storesFilter: endpoint({
    method: 'GET',
    path: '/api/insettings/GetAllStoresjqFilter',
    access: 'user',
    summary: 'Stores for a grid filter: the rule is INVENTLOCATIONID eq {id}',
    tags: settingsTags,
    response: filterOptions,
  }),
  dlvModesFilter: endpoint({
    method: 'GET',
    path: '/api/insettings/GetAllDlvModesjqFilter',
    access: 'user',
    summary: 'Delivery modes for a grid filter: the rule is DLVMODE eq {id}',
    tags: settingsTags,
    response: filterOptions,
  }),
  printReport: endpoint({
    method: 'GET',
    path: '/api/inprintreport/printreport/:id',
    access: 'user',
    summary: printSummary,
    description: printDescription,
    tags: reportTags,
    params: documentIdParams,
    query: printReportQuery,
    response: reportUrlResponse,
    refusals: reportRefusals,
  }),
  /** The same in a POST (the spec's invoices): the parameters in the query string or the body, or no body at all. */
  printReportPost: endpoint({
    method: 'POST',
    path: '/api/inprintreport/printreport/:id',
    access: 'user',
    summary: `${printSummary}; the parameters in the query string or the body`,
    description: printDescription,
    tags: reportTags,
    params: documentIdParams,
    query: printReportParts,
    body: printReportParts.nullish(),
    response: reportUrlResponse,
    refusals: reportRefusals,
  }),
  checkReport: endpoint({
    method: 'GET',
    path: '/api/download/CheckReport/:reportId',
    access: 'user',
    summary: 'A download URL for a report (tipoformato, tipoinforme, lang; userName when sent must be the caller)',
    description: printDescription,
    tags: reportTags,
    params: reportIdParams,
    query: checkReportQuery,
    response: reportUrlResponse,
    refusals: reportRefusals,
  }),
  download: endpoint({
    method: 'GET',
    path: '/api/download/file',
    // The signed URL is the authorisation: browsers open it as a plain link.
    access: 'anonymous',
    summary: 'The file of a download URL (PDF or XLSX, as an attachment with a safe file name)',
    description:
      'Single use: the first request downloads the file, any later one answers 410 `WARN_DownloadLinkUsed`. An expired, altered or forged URL answers 404.',
    tags: reportTags,
    query: z.object({ token: z.string().min(20).max(2000) }),
    produces: Object.values(DOCUMENT_CONTENT_TYPES),
    response: fileBytes,
    refusals: { 404: errorBody, 410: errorBody },
  }),
};
