import { BRANDS } from '@portal/contract/brands';
import { defaultLanguageFor, type LanguageKey, RANK, type Rank } from '@portal/contract/constants';
import {
  documentCalls as c,
  DOCUMENT_CONTENT_TYPES,
  DOCUMENT_EXTENSION,
  type DocumentExtension,
} from '@portal/contract/documents';
import type { DocumentPdfKind } from '@portal/contract/integration-documents';
import { DOCUMENT_TYPE, type DocumentType } from '@portal/contract/sales';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ErpDocumentPdfs } from '../../db/erp-document-pdfs.ts';
import { endpointRoute } from '../../lib/endpoint-route.ts';
import { attachment } from '../../lib/storage-root.ts';
import { callerOf } from '../../plugins/auth.ts';
import { AppError, badRequest, forbidden, notFound } from '../../plugins/errors.ts';
import type { WebContextResolver } from '../../plugins/web-context.ts';
import type { DocumentDataRepository } from './document-data.repository.ts';
import type { DocumentLogRepository } from './document-log.repository.ts';
import type { DownloadTokens } from './download-token.ts';
import { DOCUMENT_LABELS } from './labels.ts';
import { documentXlsx } from './report-excel.ts';
import { documentPdf } from './report-pdf.ts';

/** A user as the download checks them: still allowed in, with the rank and client that scope documents. */
export type DownloadUser = { id: string; username: string; clientId: string; rank: Rank; tokenVersion: number };

type Options = {
  data: DocumentDataRepository;
  log: DocumentLogRepository;
  tokens: DownloadTokens;
  webContextOf: WebContextResolver;
  /** The user of an id when they may still sign in (not banned, client not blocked), else null. */
  loadUser: (id: string) => Promise<DownloadUser | null>;
  clock: () => Date;
  /** The PDFs the ERP sent through the integration API (decision 0066): served instead of the portal's own. */
  erpPdfs?: ErpDocumentPdfs;
};

/** The ERP's kind of each document type, for its own PDF. */
const PDF_KINDS: Record<DocumentType, DocumentPdfKind> = {
  [DOCUMENT_TYPE.sales]: 'sales-order',
  [DOCUMENT_TYPE.packingSlip]: 'packing-slip',
  [DOCUMENT_TYPE.invoice]: 'invoice',
};

export const NO_MORE_DOWNLOADS = 'NoMoreDownDocs';
export const LINK_USED = 'WARN_DownloadLinkUsed';
const limitReached = () => new AppError(429, NO_MORE_DOWNLOADS);

/** A file name made of letters, digits, dot, dash and underscore only: "Factura_FV-0001234.pdf". */
export function safeFileName(stem: string, id: string, format: DocumentExtension): string {
  const clean =
    `${stem}_${id}`
      .replace(/[^A-Za-z0-9._-]+/g, '_')
      .replace(/^[._]+/, '')
      .slice(0, 80) || 'documento';
  return `${clean}.${format === DOCUMENT_EXTENSION.pdf ? 'pdf' : 'xlsx'}`;
}

/**
 * Documents (part 2 §7 printreport, Downloads CheckReport): both answer `{url}` for a document the caller may
 * see (404 otherwise) while the caller is under today's download limit (429 NoMoreDownDocs otherwise), and
 * write the document log (part 2 §3): the limit counts documents asked for. The URL downloads the PDF or Excel
 * file once, within a minute; a second use answers 410 (docs/decisions/0016).
 */
export const reportsRoutes: FastifyPluginAsyncZod<Options> = async (app, options) => {
  const { data, log, tokens, webContextOf, loadUser, clock, erpPdfs } = options;

  async function issue(
    caller: { id: string; rank: Rank; clientId: string },
    request: Parameters<WebContextResolver>[0],
    documentId: string,
    type: DocumentType,
    format: DocumentExtension,
    lang: LanguageKey | undefined,
  ) {
    const user = await loadUser(caller.id);
    if (!user) throw notFound();
    const scope = user.rank >= RANK.admin ? null : user.clientId;
    const doc = await data.load(type, documentId, scope);
    if (!doc) throw notFound();
    const logId = await log.record(
      {
        documentId: doc.id,
        type,
        extension: format,
        userId: user.id,
        username: user.username,
        clientId: user.clientId,
      },
      clock(),
      await log.dailyLimit(),
    );
    if (logId === null) throw limitReached();
    const context = webContextOf(request);
    const token = await tokens.sign({
      logId,
      userId: user.id,
      tokenVersion: user.tokenVersion,
      type,
      format,
      documentId: doc.id,
      lang: lang ?? defaultLanguageFor(context),
      context,
    });
    return { url: `/api/download/file?token=${token}` };
  }

  endpointRoute(app, c.printReport, (request) => {
    const q = request.query;
    return issue(callerOf(request), request, request.params.id, q.tipoInforme, q.tipoFormato, q.lang);
  });

  // The spec's client POSTs with no body (Fastify reads that as null) or with an empty JSON body: both are no body.
  // This plugin's own JSON parser (encapsulated: other routes keep the default) reads '' as no body.
  const json = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body.toString();
    if (text === '') done(null, undefined);
    else json(request, text, done);
  });
  endpointRoute(app, c.printReportPost, (request) => {
    const q = { ...request.query, ...(request.body ?? {}) };
    if (q.tipoInforme === undefined || q.tipoFormato === undefined) {
      throw badRequest('WARN_ValidationError', 'tipoInforme and tipoFormato are required');
    }
    return issue(callerOf(request), request, request.params.id, q.tipoInforme, q.tipoFormato, q.lang);
  });

  endpointRoute(app, c.checkReport, (request) => {
    const me = callerOf(request);
    const q = request.query;
    if (q.userName && q.userName.toLowerCase() !== me.username.toLowerCase() && me.rank < RANK.admin) {
      throw forbidden();
    }
    return issue(me, request, request.params.reportId, q.tipoinforme, q.tipoformato, q.lang);
  });

  endpointRoute(app, c.download, async (request, reply) => {
    const grant = await tokens.verify(request.query.token);
    if (!grant) throw notFound('WARN_DownloadLinkExpired');
    const user = await loadUser(grant.userId);
    if (!user || user.tokenVersion !== grant.tokenVersion) throw notFound();
    // Spent before the file is built: a replay costs one statement, and two requests at once get one file.
    if (!(await log.spend(grant.logId, user.id, clock()))) throw new AppError(410, LINK_USED);
    const doc = await data.load(grant.type, grant.documentId, user.rank >= RANK.admin ? null : user.clientId);
    if (!doc) throw notFound();
    const brand = BRANDS[grant.context];
    const pdf = grant.format === DOCUMENT_EXTENSION.pdf;
    // The ERP's own PDF of the document when it sent one (decision 0066), else the one the portal draws.
    const fed = pdf ? await erpPdfs?.open(PDF_KINDS[grant.type], doc.id) : null;
    const file = fed
      ? fed.stream
      : pdf
        ? await documentPdf(doc, brand, grant.lang)
        : await documentXlsx(doc, brand, grant.lang);
    const name = safeFileName(DOCUMENT_LABELS[grant.lang].fileStem[grant.type], doc.displayId, grant.format);
    return reply
      .header('Content-Type', DOCUMENT_CONTENT_TYPES[grant.format])
      .header('Content-Disposition', attachment(name))
      .header('Cache-Control', 'private, no-store')
      .send(file);
  });
};
