import multipart from '@fastify/multipart';
import { fileCalls as c } from '@portal/contract/files';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { endpointRoute } from '../../lib/endpoint-route.ts';
import { attachment } from '../../lib/storage-root.ts';
import type { FilesService, UploadPart } from './files.service.ts';

type Options = { service: FilesService; maxFileBytes: number; maxFiles: number };

function parts(request: FastifyRequest): AsyncIterable<UploadPart> {
  if (!request.isMultipart()) throw Object.assign(new Error('multipart/form-data expected'), { statusCode: 415 });
  return request.parts() as AsyncIterable<UploadPart>;
}

/**
 * The file library under /api/infile (spec part 2 §7; decision 0027). Signed-in users list and download; admins
 * upload, put, create folders and delete. Paths are relative to the library, with slashes (a backslash counts as
 * one); a path that leaves the library is refused (400 WARN_FileOutsideRoot). The calls are declared in the contract
 * (`fileCalls`; issue 24). The technical files under the same prefix are technical-files.routes.ts.
 */
export const filesRoutes: FastifyPluginAsync<Options> = async (app, { service, maxFileBytes, maxFiles }) => {
  // Scoped to this plugin: busboy stops a file one byte past the limit, while the storage's counter answers 413.
  await app.register(multipart, {
    limits: { fileSize: maxFileBytes + 1, files: maxFiles + 1, fields: 20, fieldSize: 1024, parts: maxFiles + 21 },
  });

  endpointRoute(app, c.folder, (request) => service.list(request.query.id, request.query.pindex, request.query.psize));

  endpointRoute(app, c.file, async (request, reply) => {
    const file = await service.open(request.query.fullPath);
    const disposition = attachment(file.name);
    reply.header('Content-Type', file.contentType);
    reply.header('Content-Length', String(file.size));
    reply.header(
      'Content-Disposition',
      request.query.binary ? disposition : disposition.replace(/^attachment/, 'inline'),
    );
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('Cache-Control', 'private, no-cache');
    if (file.sha256) reply.header('ETag', `"${file.sha256.slice(0, 40)}"`);
    // A stream is sent as it is (no serializer): the declared answer is the file's bytes.
    return reply.send(file.stream as never);
  });

  endpointRoute(app, c.upload, (request) => service.upload(request.query.fullPath, parts(request)));

  endpointRoute(app, c.put, (request) => service.put(request.query.fullPath, parts(request)));

  endpointRoute(app, c.createFolder, (request) => service.createFolder(request.body.fullPath, request.body.name));

  endpointRoute(app, c.deleteFile, (request) => service.deleteFile(request.query.fullPath));

  endpointRoute(app, c.deleteFolder, (request) => service.deleteFolder(request.query.fullPath, request.query.force));
};
