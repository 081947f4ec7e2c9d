import multipart from '@fastify/multipart';
import { RANK } from '@portal/contract/constants';
import { errorBody } from '@portal/contract/errors';
import {
  addFilesParts,
  addFilesQuery,
  addInvoiceLineToRefund,
  addNote,
  addToRefund,
  cartIdsQuery,
  checkReturnQuery,
  decideLine,
  deleteFileBody,
  editCartComment,
  editCartQuantity,
  fileQuery,
  filesQuery,
  finishRefundCart,
  langQuery,
  lineIdParams,
  oneOrZero,
  REFUND_LIMITS,
  REFUND_STATUS_CODES,
  refundDetail,
  refundFiles,
  refundIdBody,
  refundIdParams,
  refundLine,
  refundLines,
  refundNote,
  refundStatusOptions,
  refundsCart,
  refundsGridQuery,
  refundsGridResponse,
  returnAddresses,
  returnableLine,
  returnableLines,
  returnableLinesQuery,
  returnReasons,
  returnTableWebId,
} from '@portal/contract/refunds';
import { displayDocumentId } from '@portal/contract/sales';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ErpAdapter } from '../../db/erp-adapter.ts';
import { attachment } from '../../lib/storage-root.ts';
import { callerOf } from '../../plugins/auth.ts';
import { notFound } from '../../plugins/errors.ts';
import type { EvidencePart, RefundFilesService } from './refund-files.service.ts';
import { mayReturn } from './refund-rules.ts';
import type { RefundsService } from './refunds.service.ts';
import type { RefundsStaffService } from './refunds-staff.service.ts';

const tags = ['refunds'];
const P = '/api/inrefund';
const staff = { auth: { rank: RANK.admin } } as const;
const customer = { auth: 'user' } as const;
const refusals = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody };
const added = z.object({ id: z.number().int(), returntablewebid: z.number().int() });
const done = z.object({ message: z.string() });

type Options = {
  service: RefundsService;
  staffService: RefundsStaffService;
  files: RefundFilesService;
  adapter: ErpAdapter;
  /** Sends a decided refund to the ERP at once (the job's step for one refund); answers the outcome. */
  sendNow: (id: number) => Promise<string>;
  maxFileBytes?: number;
};

/**
 * Returns (issue 13): the 21 calls of spec part 2 §7 under /api/inrefund, the refund actions of packing slips
 * and invoices, the evidence files, the refund page, and the staff steps (decisions 0028–0030). Customer data
 * is scoped to the caller's client (another client's answers 404); staff (rank 2) see every client's.
 */
export const refundsRoutes: FastifyPluginAsyncZod<Options> = async (
  app,
  { service, staffService, files, adapter, sendNow, maxFileBytes },
) => {
  const fileMax = maxFileBytes ?? REFUND_LIMITS.fileMaxBytes;
  await app.register(multipart, {
    limits: {
      fileSize: fileMax + 1,
      files: REFUND_LIMITS.filesPerLine + 1,
      fields: 5,
      fieldSize: 64,
      parts: REFUND_LIMITS.filesPerLine + 6,
    },
  });
  const base = (request: Parameters<typeof app.publicBaseUrl>[0]) => app.publicBaseUrl(request);

  app.get(`${P}/comprobarrolusuario`, {
    config: customer,
    schema: {
      tags,
      summary: 'May the caller return (1) or not (0): shows the Devolver buttons',
      response: { 200: oneOrZero, 401: errorBody },
    },
    handler: async (request) => (mayReturn(callerOf(request)) ? 1 : 0),
  });

  app.get(`${P}/getreturnreasons`, {
    config: customer,
    schema: {
      tags,
      summary: 'The return reasons in a language',
      querystring: langQuery,
      response: { 200: returnReasons, ...refusals },
    },
    handler: (request) => service.reasons(request.query.lang),
  });

  app.get(`${P}/comprobardevolucion`, {
    config: customer,
    schema: {
      tags,
      summary: 'What can still be returned of a delivered line, and until when (the return window)',
      description:
        'packingslipid with linenum (or id_articulo), or invoiceid with linenum (the packing slip line it was delivered on). ' +
        'maxquantity = delivered − what earlier returns asked (rejected lines and cancelled refunds aside).',
      querystring: checkReturnQuery,
      response: { 200: returnableLine, ...refusals },
    },
    handler: (request) => {
      const q = request.query;
      const p = callerOf(request);
      if (q.invoiceid !== undefined && q.packingslipid === undefined)
        return service.checkInvoiceLine(p, q.invoiceid, q.linenum!);
      return service.check(p, q.packingslipid!, { linenum: q.linenum, articleId: q.id_articulo });
    },
  });

  app.get(`${P}/getreturnablelines`, {
    config: customer,
    schema: {
      tags,
      summary: 'comprobardevolucion for every line of a packing slip (the packing slip screen)',
      querystring: returnableLinesQuery,
      response: { 200: returnableLines, ...refusals },
    },
    handler: (request) => service.checkSlip(callerOf(request), request.query.packingslipid),
  });

  const addSchema = {
    tags,
    summary: 'A delivered line to the caller’s refunds cart (added to the quantity when it is there already)',
    description: 'Refused (400) past what can still be returned of the line, past the return window, without a reason.',
    body: addToRefund,
    response: { 200: added, ...refusals },
  };
  for (const url of [`${P}/addarticletorefund`, '/api/inpackingslip/refund/']) {
    app.post(url, {
      config: customer,
      schema: addSchema,
      handler: (request) => service.add(callerOf(request), request.body),
    });
  }

  app.post('/api/ininvoice/refund/', {
    config: customer,
    schema: {
      tags,
      summary: 'An invoice line to the refunds cart (the packing slip line it was delivered on)',
      body: addInvoiceLineToRefund,
      response: { 200: added, ...refusals },
    },
    handler: (request) => service.addInvoiceLine(callerOf(request), request.body),
  });

  app.get(`${P}/getrefundscart`, {
    config: customer,
    schema: {
      tags,
      summary: 'The caller’s refunds cart and its lines (Id 0 when none)',
      querystring: langQuery,
      response: { 200: refundsCart, ...refusals },
    },
    handler: (request) => service.cart(callerOf(request), request.query.lang),
  });

  app.get(`${P}/comprobarcarritovacio`, {
    config: customer,
    schema: {
      tags,
      summary: 'Is the caller’s refunds cart empty (1) or not (0)',
      response: { 200: oneOrZero, 401: errorBody },
    },
    handler: (request) => service.cartIsEmpty(callerOf(request)),
  });

  app.get(`${P}/getreturntablewebid`, {
    config: customer,
    schema: {
      tags,
      summary: 'The caller’s refunds cart id (0 none) and, for a packing slip line, its cart line (0 none)',
      querystring: cartIdsQuery,
      response: { 200: returnTableWebId, ...refusals },
    },
    handler: (request) =>
      service.cartIds(callerOf(request), request.query.packingslipid, {
        linenum: request.query.linenum,
        articleId: request.query.id_articulo,
      }),
  });

  app.delete(`${P}/deletefromcurrentcart/:id`, {
    config: customer,
    schema: {
      tags,
      summary: 'Remove a line (and its files) from the caller’s refunds cart',
      params: lineIdParams,
      response: { 200: done, ...refusals },
    },
    handler: async (request) => {
      await service.removeLine(callerOf(request), request.params.id);
      return { message: 'WARN_DeleteOK' };
    },
  });

  app.post(`${P}/editItemCart`, {
    config: customer,
    schema: {
      tags,
      summary: 'Change a cart line’s quantity (checked against what can still be returned)',
      body: editCartQuantity,
      response: { 200: refundLine, ...refusals },
    },
    handler: (request) => service.editQuantity(callerOf(request), request.body.id, request.body.quantity),
  });

  app.post(`${P}/editItemComentario`, {
    config: customer,
    schema: {
      tags,
      summary: 'Change a cart line’s comment',
      body: editCartComment,
      response: { 200: refundLine, ...refusals },
    },
    handler: (request) => service.editComment(callerOf(request), request.body.id, request.body.userscomentarios),
  });

  app.get(`${P}/getreturnaddresses`, {
    config: customer,
    schema: {
      tags,
      summary: 'The client’s addresses to return from (Direccion_Usuario)',
      response: { 200: returnAddresses, ...refusals },
    },
    handler: (request) => service.addresses(callerOf(request)),
  });

  app.post(`${P}/finishCart`, {
    config: customer,
    schema: {
      tags,
      summary: 'Finish the refunds cart: one refund (STATUS 1), e-mails to the customer and the stores’ return address',
      description: 'observations required (WARN_CheckoutERR_CUSTREF), letters, digits, whitespace and hyphen only.',
      body: finishRefundCart,
      response: { 200: z.object({ returntablewebid: z.number().int() }), ...refusals },
    },
    handler: (request) => service.finish(callerOf(request), request.body, base(request)),
  });

  app.post(`${P}/cancel`, {
    config: customer,
    schema: {
      tags,
      summary: 'Withdraw a refund the store has not received yet',
      body: refundIdBody,
      response: { 200: done, ...refusals },
    },
    handler: async (request) => {
      await service.cancel(callerOf(request), request.body.id, base(request));
      return { message: 'WARN_SaveOK' };
    },
  });

  app.post(`${P}/AddFilesToRefund`, {
    config: customer,
    schema: {
      tags,
      summary: 'Evidence files for a refund line (multipart; lineid in the query or a field before the files)',
      description:
        'JPEG, PNG, WebP, HEIC or PDF recognised by their bytes (else 400 WARN_FileTypeRefused); at most 10 MB each ' +
        '(WARN_FileTooLarge) and 5 per line (WARN_TooManyFiles). All or nothing.',
      consumes: ['multipart/form-data'],
      multipart: addFilesParts,
      querystring: addFilesQuery,
      response: { 200: refundFiles, ...refusals, 415: errorBody },
    },
    handler: async (request) => {
      if (!request.isMultipart()) throw Object.assign(new Error('multipart/form-data expected'), { statusCode: 415 });
      return files.upload(callerOf(request), request.query.lineid, request.parts() as AsyncIterable<EvidencePart>);
    },
  });

  app.get(`${P}/GetFiles`, {
    config: customer,
    schema: {
      tags,
      summary: 'The evidence files of a line',
      querystring: filesQuery,
      response: { 200: refundFiles, ...refusals },
    },
    handler: (request) => files.list(callerOf(request), request.query.itemid),
  });

  app.post(`${P}/DeleteFile`, {
    config: customer,
    schema: {
      tags,
      summary: 'Delete an evidence file of a line not yet received',
      body: deleteFileBody,
      response: { 200: done, ...refusals },
    },
    handler: async (request) => {
      await files.remove(callerOf(request), request.body.id);
      return { message: 'WARN_DeleteOK' };
    },
  });

  app.get(`${P}/file/:id`, {
    config: customer,
    schema: {
      tags,
      summary: 'An evidence file’s bytes (thumb=1: its thumbnail), for the refund’s client and staff',
      params: refundIdParams,
      querystring: fileQuery,
      produces: ['image/jpeg', 'image/png', 'image/webp', 'image/heic', 'application/pdf'],
      response: refusals,
    },
    handler: async (request, reply) => {
      const file = await files.open(callerOf(request), request.params.id, request.query.thumb === 1);
      const disposition = attachment(file.name);
      const inline = file.thumb || file.kind === 'jpeg' || file.kind === 'png' || file.kind === 'webp';
      reply.header('Content-Type', file.contentType);
      reply.header('Content-Length', String(file.size));
      reply.header('Content-Disposition', inline ? disposition.replace(/^attachment/, 'inline') : disposition);
      reply.header('X-Content-Type-Options', 'nosniff');
      reply.header('Content-Security-Policy', "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox");
      reply.header('Cache-Control', 'private, max-age=3600');
      return reply.send(file.stream as never);
    },
  });

  app.get(`${P}/getallheadersjqgrid`, {
    config: customer,
    schema: {
      tags,
      summary: 'Grid of refunds (jqGrid protocol; default sort Fecha_Peticion desc; STATUS filter All = -1)',
      description: 'Customers see their client’s; staff every client’s with CUSTACCOUNT, CUSTNAME and store columns.',
      querystring: refundsGridQuery,
      response: { 200: refundsGridResponse, ...refusals },
    },
    handler: (request) => service.grid(callerOf(request), request.query),
  });

  app.get(`${P}/GetAllStatusjqFilter`, {
    config: customer,
    schema: {
      tags,
      summary:
        'Options of the status filter: All (-1), 0 Opened, 1 Pending, 2 Processed, 3 Error (names are dictionary keys)',
      response: { 200: refundStatusOptions, 401: errorBody },
    },
    handler: async () => [
      { id: -1, name: 'UI_Refunds_Status_All' },
      ...REFUND_STATUS_CODES.map((id) => ({ id, name: `UI_Refunds_Status_${id}` })),
    ],
  });

  app.get(`${P}/getlinesbyrefundid/:id`, {
    config: customer,
    schema: {
      tags,
      summary: 'The lines of a refund',
      params: refundIdParams,
      querystring: langQuery,
      response: { 200: refundLines, ...refusals },
    },
    handler: (request) => service.lines(callerOf(request), request.params.id, request.query.lang),
  });

  app.get(`${P}/getrefund/:id`, {
    config: customer,
    schema: {
      tags,
      summary: 'A refund’s page: header, lines and timeline (staff also read the internal notes and the ERP error)',
      params: refundIdParams,
      querystring: langQuery,
      response: { 200: refundDetail, ...refusals },
    },
    handler: (request) => {
      const p = callerOf(request);
      return service.detail(p, request.params.id, request.query.lang, p.rank >= RANK.admin);
    },
  });

  app.get(`${P}/creditnote/:id`, {
    config: customer,
    schema: {
      tags,
      summary: 'The credit note of a processed refund, as the ERP made it (PDF)',
      params: refundIdParams,
      produces: ['application/pdf'],
      response: refusals,
    },
    handler: async (request, reply) => {
      const p = callerOf(request);
      const header = await service.repo.header(request.params.id, p.rank >= RANK.admin ? null : p.clientId);
      if (!header?.CREDITNOTEID || !adapter.creditNotePdf) throw notFound();
      const pdf = await adapter.creditNotePdf(header.CREDITNOTEID, { db: service.repo.db, now: new Date() });
      if (!pdf) throw notFound();
      reply.header('Content-Type', 'application/pdf');
      reply.header('Content-Disposition', attachment(`abono-${displayDocumentId(header.CREDITNOTEID)}.pdf`));
      reply.header('X-Content-Type-Options', 'nosniff');
      reply.header('Cache-Control', 'private, no-cache');
      return reply.send(pdf as never);
    },
  });

  // Staff (rank 2).
  app.post(`${P}/receive`, {
    config: staff,
    schema: {
      tags,
      summary: 'Staff: the store received the parts of a requested refund',
      body: refundIdBody,
      response: { 200: done, ...refusals },
    },
    handler: async (request) => {
      await staffService.receive(request.body.id, base(request));
      return { message: 'WARN_SaveOK' };
    },
  });

  app.post(`${P}/decideline`, {
    config: staff,
    schema: {
      tags,
      summary: 'Staff: accept or reject a line of a received refund (a rejection needs the reason the customer sees)',
      body: decideLine,
      response: { 200: done, ...refusals },
    },
    handler: async (request) => {
      await staffService.decide(request.body.id, request.body.decision, request.body.reason, base(request));
      return { message: 'WARN_SaveOK' };
    },
  });

  app.post(`${P}/addnote`, {
    config: staff,
    schema: {
      tags,
      summary: 'Staff: an internal note (never shown to the customer)',
      body: addNote,
      response: { 200: z.array(refundNote), ...refusals },
    },
    handler: (request) => staffService.addNote(callerOf(request), request.body.id, request.body.body),
  });

  app.post(`${P}/requeueerp`, {
    config: staff,
    schema: {
      tags,
      summary: 'Staff: send a decided refund to the ERP now (after errors too); answers the outcome',
      description:
        'message: exported, processed, waiting (the ERP has no credit note yet) or failed (see the ERP error).',
      body: refundIdBody,
      response: { 200: done, ...refusals },
    },
    handler: async (request) => {
      await staffService.requeue(request.body.id);
      return { message: await sendNow(request.body.id) };
    },
  });
};
