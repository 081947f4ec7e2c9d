import type { Readable } from 'node:stream';
import { DOCUMENT_PDF_MAX_BYTES, putDocumentPdf } from '@portal/contract/integration-documents';
import type { FastifyPluginAsync } from 'fastify';
import type { ErpDocumentPdfs } from '../../db/erp-document-pdfs.ts';
import { endpointRoute } from '../../lib/endpoint-route.ts';
import { AppError, notFound } from '../../plugins/errors.ts';

/**
 * `PUT /api/integration/v1/documents/<kind>/<id>/pdf` (decision 0066): the ERP's own PDF of a document it fed. The
 * body streams into the storage (never whole in memory), recognised as a PDF by its bytes and cut at the limit.
 */
export const documentPdfRoutes: FastifyPluginAsync<{ pdfs: ErpDocumentPdfs; clock: () => Date }> = async (
  app,
  { pdfs, clock },
) => {
  // In this scope a PDF body is handed over as the request's stream.
  app.addContentTypeParser('application/pdf', (_request, payload, done) => done(null, payload));

  endpointRoute(app, putDocumentPdf, async (request) => {
    const body = request.body as unknown as Readable;
    if (typeof body?.pipe !== 'function')
      throw new AppError(415, 'WARN_FileTypeRefused', 'Send the PDF itself as application/pdf');
    const { kind, id } = request.params;
    if (!(await pdfs.documentExists(kind, id))) {
      body.resume();
      throw notFound(`${kind} ${id}: the portal does not have it (send its feed first)`);
    }
    const stored = await pdfs.store(kind, id, body, DOCUMENT_PDF_MAX_BYTES, clock());
    request.integrationRows = 1;
    return { kind, id, ...stored };
  });
};
