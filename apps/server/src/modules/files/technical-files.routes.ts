import fs from 'node:fs';
import path from 'node:path';
import {
  faqFamilyFilesQuery,
  normalizeReference,
  technicalFileList,
  technicalFileQuery,
  technicalFilesQuery,
} from '@portal/contract/catalog';
import { errorBody } from '@portal/contract/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { attachment, resolveInside } from '../../lib/storage-root.ts';
import { badRequest, notFound } from '../../plugins/errors.ts';

const tag = ['files'];
const FAMILY_FOLDER = '_familias';

/** PDF files of one folder of the technical-files root, as relative paths. */
function listPdfs(root: string, relativeDir: string) {
  const dir = resolveInside(root, relativeDir);
  if (!dir) throw badRequest('WARN_FileOutsideRoot');
  if (!fs.existsSync(dir) || !fs.statSync(dir).isDirectory()) return [];
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .filter((e) => e.isFile() && e.name.toLowerCase().endsWith('.pdf'))
    .map((e) => ({
      name: e.name,
      fullPath: path.posix.join(relativeDir.replaceAll('\\', '/'), e.name),
      size: fs.statSync(path.join(dir, e.name)).size,
    }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

export const technicalFilesRoutes: FastifyPluginAsyncZod<{ root: string }> = async (app, { root }) => {
  app.get('/api/infile/checkFicherosTecnicos', {
    config: { auth: 'user' },
    schema: {
      tags: tag,
      summary: 'Technical files (PDF) of a supplier’s reference',
      querystring: technicalFilesQuery,
      response: { 200: technicalFileList, 400: errorBody },
    },
    handler: (request) =>
      listPdfs(root, path.posix.join(request.query.marca, normalizeReference(request.query.ref_jumasa))),
  });

  app.get('/api/infile/checkFicherosFAQFamily', {
    config: { auth: 'user' },
    schema: {
      tags: tag,
      summary: 'Assembly guides (PDF) of a product family',
      querystring: faqFamilyFilesQuery,
      response: { 200: technicalFileList },
    },
    handler: (request) => listPdfs(root, path.posix.join(FAMILY_FOLDER, request.query.familyid)),
  });

  app.get('/api/infile/GetTechnicalFile', {
    config: { auth: 'user' },
    schema: {
      tags: tag,
      summary: 'Download a technical file; paths outside the technical-files root are refused',
      querystring: technicalFileQuery,
      produces: ['application/pdf'],
      response: { 400: errorBody, 404: errorBody },
    },
    handler: async (request, reply) => {
      const file = resolveInside(root, request.query.fullPath);
      if (!file) throw badRequest('WARN_FileOutsideRoot');
      if (!file.toLowerCase().endsWith('.pdf') || !fs.existsSync(file) || !fs.statSync(file).isFile()) throw notFound();
      reply.header('Content-Type', 'application/pdf');
      reply.header('Content-Disposition', attachment(path.basename(file)));
      reply.header('X-Content-Type-Options', 'nosniff');
      // A stream is sent as it is (no serializer); the response schema only describes the refusals.
      return reply.send(fs.createReadStream(file) as never);
    },
  });
};
