import multipart from '@fastify/multipart';
import { RANK } from '@portal/contract/constants';
import { REFUND_LIMITS, REFUND_STATUS_CODES } from '@portal/contract/refunds';
import { refundCalls as c } from '@portal/contract/refunds-calls';
import { displayDocumentId } from '@portal/contract/sales';
import type { FastifyPluginAsync } from 'fastify';
import type { ErpAdapter } from '../../db/erp-adapter.ts';
import type { ErpDocumentPdfs } from '../../db/erp-document-pdfs.ts';
import { endpointRoute } from '../../lib/endpoint-route.ts';
import { attachment } from '../../lib/storage-root.ts';
import { callerOf } from '../../plugins/auth.ts';
import { notFound } from '../../plugins/errors.ts';
import type { EvidencePart, RefundFilesService } from './refund-files.service.ts';
import { mayReturn } from './refund-rules.ts';
import type { RefundsService } from './refunds.service.ts';
import type { RefundsStaffService } from './refunds-staff.service.ts';

type Options = {
  service: RefundsService;
  staffService: RefundsStaffService;
  files: RefundFilesService;
  /** The credit notes' PDFs where an ERP side in this database makes them (the demo ERP); null elsewhere. */
  creditNotePdf: ErpAdapter['creditNotePdf'] | null;
  /**
   * Runs the demo ERP's pass at once (demo mode: it reads the events and answers through the feeds); null where a
   * real ERP answers in its own time through the refund-results feed (decision 0067).
   */
  askErp: (() => Promise<unknown>) | null;
  /** The PDFs the ERP sent through the integration API (decision 0066): a credit note's is served first. */
  erpPdfs?: ErpDocumentPdfs;
  maxFileBytes?: number;
};

/**
 * Returns (issue 13): the calls declared in the contract (`refundCalls`; issue 24), each registered from its
 * declaration: the 21 calls of spec part 2 §7 under /api/inrefund, the refund actions of packing slips and
 * invoices, the evidence files, the refund page, and the staff steps (decisions 0028–0030). Customer data is scoped
 * to the caller's client (another client's answers 404); staff (rank 2) see every client's.
 */
export const refundsRoutes: FastifyPluginAsync<Options> = async (
  app,
  { service, staffService, files, creditNotePdf, askErp, maxFileBytes, erpPdfs },
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

  endpointRoute(app, c.canReturn, async (request) => (mayReturn(callerOf(request)) ? 1 : 0));

  endpointRoute(app, c.reasons, (request) => service.reasons(request.query.lang));

  endpointRoute(app, c.checkReturn, (request) => {
    const q = request.query;
    const p = callerOf(request);
    if (q.invoiceid !== undefined && q.packingslipid === undefined)
      return service.checkInvoiceLine(p, q.invoiceid, q.linenum!);
    return service.check(p, q.packingslipid!, { linenum: q.linenum, articleId: q.id_articulo });
  });

  endpointRoute(app, c.returnableLines, (request) => service.checkSlip(callerOf(request), request.query.packingslipid));

  for (const e of [c.add, c.addSlipLine])
    endpointRoute(app, e, (request) => service.add(callerOf(request), request.body));

  endpointRoute(app, c.addInvoiceLine, (request) => service.addInvoiceLine(callerOf(request), request.body));

  endpointRoute(app, c.cart, (request) => service.cart(callerOf(request), request.query.lang));

  endpointRoute(app, c.cartIsEmpty, (request) => service.cartIsEmpty(callerOf(request)));

  endpointRoute(app, c.cartIds, (request) =>
    service.cartIds(callerOf(request), request.query.packingslipid, {
      linenum: request.query.linenum,
      articleId: request.query.id_articulo,
    }),
  );

  endpointRoute(app, c.removeLine, async (request) => {
    await service.removeLine(callerOf(request), request.params.id);
    return { message: 'WARN_DeleteOK' };
  });

  endpointRoute(app, c.editQuantity, (request) =>
    service.editQuantity(callerOf(request), request.body.id, request.body.quantity),
  );

  endpointRoute(app, c.editComment, (request) =>
    service.editComment(callerOf(request), request.body.id, request.body.userscomentarios),
  );

  endpointRoute(app, c.addresses, (request) => service.addresses(callerOf(request)));

  endpointRoute(app, c.finish, (request) => service.finish(callerOf(request), request.body, base(request)));

  endpointRoute(app, c.cancel, async (request) => {
    await service.cancel(callerOf(request), request.body.id, base(request));
    return { message: 'WARN_SaveOK' };
  });

  endpointRoute(app, c.addFiles, async (request) => {
    if (!request.isMultipart()) throw Object.assign(new Error('multipart/form-data expected'), { statusCode: 415 });
    return files.upload(callerOf(request), request.query.lineid, request.parts() as AsyncIterable<EvidencePart>);
  });

  endpointRoute(app, c.files, (request) => files.list(callerOf(request), request.query.itemid));

  endpointRoute(app, c.deleteFile, async (request) => {
    await files.remove(callerOf(request), request.body.id);
    return { message: 'WARN_DeleteOK' };
  });

  endpointRoute(app, c.file, async (request, reply) => {
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
  });

  endpointRoute(app, c.grid, (request) => service.grid(callerOf(request), request.query));

  endpointRoute(app, c.statusOptions, async () => [
    { id: -1, name: 'UI_Refunds_Status_All' },
    ...REFUND_STATUS_CODES.map((id) => ({ id, name: `UI_Refunds_Status_${id}` })),
  ]);

  endpointRoute(app, c.lines, (request) => service.lines(callerOf(request), request.params.id, request.query.lang));

  endpointRoute(app, c.detail, (request) => {
    const p = callerOf(request);
    return service.detail(p, request.params.id, request.query.lang, p.rank >= RANK.admin);
  });

  endpointRoute(app, c.creditNote, async (request, reply) => {
    const p = callerOf(request);
    const header = await service.repo.header(request.params.id, p.rank >= RANK.admin ? null : p.clientId);
    if (!header?.CREDITNOTEID) throw notFound();
    // The ERP's own PDF when it sent one (decision 0066), else the demo ERP's drawing (demo mode only; 0067).
    const fed = await erpPdfs?.open('credit-note', header.CREDITNOTEID);
    const pdf = fed?.stream ?? (await creditNotePdf?.(header.CREDITNOTEID, { db: service.repo.db, now: new Date() }));
    if (!pdf) throw notFound();
    reply.header('Content-Type', 'application/pdf');
    reply.header('Content-Disposition', attachment(`abono-${displayDocumentId(header.CREDITNOTEID)}.pdf`));
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('Cache-Control', 'private, no-cache');
    return reply.send(pdf as never);
  });

  // Staff (rank 2).
  endpointRoute(app, c.receive, async (request) => {
    await staffService.receive(request.body.id, base(request));
    return { message: 'WARN_SaveOK' };
  });

  endpointRoute(app, c.decideLine, async (request) => {
    await staffService.decide(request.body.id, request.body.decision, request.body.reason, base(request));
    return { message: 'WARN_SaveOK' };
  });

  endpointRoute(app, c.addNote, (request) =>
    staffService.addNote(callerOf(request), request.body.id, request.body.body),
  );

  // The refund's event goes to the ERP again; nothing here pretends the ERP's answer (decision 0067). Where the demo
  // ERP runs, its pass is run at once and its outcome told.
  endpointRoute(app, c.requeueErp, async (request) => {
    await staffService.requeue(request.body.id);
    if (!askErp) return { message: 'sent' };
    await askErp();
    return { message: await staffService.erpOutcome(request.body.id) };
  });
};
