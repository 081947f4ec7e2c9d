/**
 * The calls of the customer documents (invoices, packing slips, orders, web orders), each declared once (issue 24;
 * decision 0062), over the schemas of sales.ts. Customers see their client's documents; admins every client's. A
 * document of another client answers 404, as if it did not exist.
 */
import { RANK } from './constants.ts';
import { endpoint } from './endpoint.ts';
import { errorBody } from './errors.ts';
import { gridQuery } from './grids.ts';
import {
  documentIdParams,
  documentIdQuery,
  headersQuery,
  invoiceGridResponse,
  invoiceHeaders,
  invoiceLines,
  packingSlipGridResponse,
  packingSlipHeaders,
  packingSlipLines,
  productFilterGridQuery,
  reloadResponse,
  salesGridResponse,
  salesHeaders,
  salesLines,
  webOrderGridResponse,
  webOrderHeaders,
  webOrderHeadersQuery,
  webOrderIdParams,
  webOrderLines,
} from './sales.ts';

const refusals = { 400: errorBody, 401: errorBody, 404: errorBody } as const;

const IN = '/api/ininvoice';
const invoiceTags = ['invoices'] as const;

/** Invoices of the caller's client (part 2 §2 Invoices, §7); the lines by id in the path or in the query. */
export const invoiceCalls = {
  grid: endpoint({
    method: 'GET',
    path: `${IN}/getallheadersjqgrid`,
    access: 'user',
    summary: 'Grid of invoice headers (jqGrid protocol; default sort INVOICEDATE desc; optional filterProduct)',
    description:
      '`filterProduct` (at least 2 characters, else 400 WARN_ProductFilterShort) keeps the invoices holding a line whose article reference or description contains it. Columns: INVOICES_GRID in packages/contract/src/sales.ts.',
    tags: invoiceTags,
    query: productFilterGridQuery,
    response: invoiceGridResponse,
    refusals,
  }),
  headers: endpoint({
    method: 'GET',
    path: `${IN}/getallheaders/`,
    access: 'user',
    summary: 'Invoice headers: the one of `id` (404 when it is not the caller’s), else the newest `rows` (≤ 100)',
    tags: invoiceTags,
    query: headersQuery,
    response: invoiceHeaders,
    refusals,
  }),
  lines: endpoint({
    method: 'GET',
    path: `${IN}/getlinesbyinvoiceid/:id`,
    access: 'user',
    summary: 'Lines of an invoice of the caller’s client, with VAT (id in the path)',
    tags: invoiceTags,
    params: documentIdParams,
    response: invoiceLines,
    refusals,
  }),
  /** The same lines, the id in the query (the invoice screen). */
  linesById: endpoint({
    method: 'GET',
    path: `${IN}/getlinesbyinvoiceid`,
    access: 'user',
    summary: 'Lines of an invoice of the caller’s client, with VAT (query `id`)',
    tags: invoiceTags,
    query: documentIdQuery,
    response: invoiceLines,
    refusals,
  }),
};

const PS = '/api/inpackingslip';
const packingSlipTags = ['packing slips'] as const;

/** Packing slips (delivery notes) of the caller's client (part 2 §2, §7). */
export const packingSlipCalls = {
  grid: endpoint({
    method: 'GET',
    path: `${PS}/getallheadersjqgrid`,
    access: 'user',
    summary: 'Grid of packing slip headers (jqGrid protocol; default sort DELIVERYDATE desc; optional filterProduct)',
    description:
      'Store and delivery-mode dropdowns: /api/insettings/GetAllStoresjqFilter and GetAllDlvModesjqFilter (rules INVENTLOCATIONID eq, DLVMODE eq). Columns: PACKING_SLIPS_GRID in packages/contract/src/sales.ts.',
    tags: packingSlipTags,
    query: productFilterGridQuery,
    response: packingSlipGridResponse,
    refusals,
  }),
  headers: endpoint({
    method: 'GET',
    path: `${PS}/getallheaders/`,
    access: 'user',
    summary: 'Packing slip headers: the one of `id` (404 when it is not the caller’s), else the newest `rows`',
    tags: packingSlipTags,
    query: headersQuery,
    response: packingSlipHeaders,
    refusals,
  }),
  lines: endpoint({
    method: 'GET',
    path: `${PS}/getlinesbypackingslipid/:id`,
    access: 'user',
    summary: 'Lines of a packing slip of the caller’s client (the delivered quantities)',
    tags: packingSlipTags,
    params: documentIdParams,
    response: packingSlipLines,
    refusals,
  }),
};

const SA = '/api/insales';
const salesTags = ['sales'] as const;

/** Orders (ERP sales orders) of the caller's client (part 2 §2 Orders, §7). */
export const salesCalls = {
  grid: endpoint({
    method: 'GET',
    path: `${SA}/getallheadersjqgrid`,
    access: 'user',
    summary: 'Grid of order headers (jqGrid protocol; default sort JUMCREATEDDATE desc; SALESSTATUS -1 is All)',
    description:
      'Columns, types and operators: SALES_GRID in packages/contract/src/sales.ts. Counts stop at 10,000 (`more`). See docs/decisions/0012.',
    tags: salesTags,
    query: gridQuery,
    response: salesGridResponse,
    refusals,
  }),
  headers: endpoint({
    method: 'GET',
    path: `${SA}/getallheaders/`,
    access: 'user',
    summary: 'Order headers: the one of `id` (404 when it is not the caller’s), else the newest `rows` (≤ 100)',
    tags: salesTags,
    query: headersQuery,
    response: salesHeaders,
    refusals,
  }),
  lines: endpoint({
    method: 'GET',
    path: `${SA}/getlinesbysalesid/:id`,
    access: 'user',
    summary: 'Lines of an order of the caller’s client (an id shown without its 41 prefix is found too)',
    tags: salesTags,
    params: documentIdParams,
    response: salesLines,
    refusals,
  }),
};

const SW = '/api/insalesweb';
const webOrderTags = ['web orders'] as const;
const webOrderRefusals = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody } as const;
const admin = { rank: RANK.admin } as const;

/** Web orders (part 2 §2 Web orders, §4): the caller's client's, and the control list of every client (admins). */
export const webOrderCalls = {
  grid: endpoint({
    method: 'GET',
    path: `${SW}/getallheadersjqgrid`,
    access: 'user',
    summary: 'Grid of the web orders of the caller’s client (jqGrid protocol; default sort FechaPedido desc)',
    description: 'Columns: WEB_ORDERS_GRID in packages/contract/src/sales.ts. Admins see every client’s.',
    tags: webOrderTags,
    query: gridQuery,
    response: webOrderGridResponse,
    refusals: webOrderRefusals,
  }),
  controlGrid: endpoint({
    method: 'GET',
    path: `${SW}/getallheadersforcontroljqgrid`,
    access: admin,
    summary: 'Control list (admins): every client’s web orders with IMPORTED, ERROR and REINTENTOSWEB',
    tags: webOrderTags,
    query: gridQuery,
    response: webOrderGridResponse,
    refusals: webOrderRefusals,
  }),
  headers: endpoint({
    method: 'GET',
    path: `${SW}/getallheaders/`,
    access: 'user',
    summary: 'Web order headers: the one of `id` (404 when it is not the caller’s), else the newest `rows`',
    tags: webOrderTags,
    query: webOrderHeadersQuery,
    response: webOrderHeaders,
    refusals: webOrderRefusals,
  }),
  lines: endpoint({
    method: 'GET',
    path: `${SW}/getlinesbysalesid/:id`,
    access: 'user',
    summary: 'Lines of a web order of the caller’s client',
    tags: webOrderTags,
    params: webOrderIdParams,
    response: webOrderLines,
    refusals: webOrderRefusals,
  }),
  reload: endpoint({
    method: 'POST',
    path: `${SW}/reloadNonProcessedCheckOut`,
    access: admin,
    summary: 'Queue again the web orders not imported into the ERP (waiting for a retry or given up)',
    description:
      'The ERP import job takes them on its next pass. Answers how many were queued and how many are pending.',
    tags: webOrderTags,
    response: reloadResponse,
    refusals: webOrderRefusals,
  }),
};
