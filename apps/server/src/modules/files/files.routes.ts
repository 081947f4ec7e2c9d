import multipart from '@fastify/multipart';
import { RANK } from '@portal/contract/constants';
import { errorBody } from '@portal/contract/errors';
import {
  createFolderRequest,
  deleteFileQuery,
  deleteFolderQuery,
  fileDone,
  fileFolderPage,
  fileQuery,
  fileStored,
  filesQuery,
  filesStored,
  putFileQuery,
  uploadParts,
  uploadQuery,
} from '@portal/contract/files';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CONTENT_TYPES } from '../../lib/storage/content-type.ts';
import { attachment } from '../../lib/storage-root.ts';
import type { FilesService, UploadPart } from './files.service.ts';

const tags = ['files'];

type Options = { service: FilesService; maxFileBytes: number; maxFiles: number };

const limitsText =
  'Each file is recognised by its bytes and must carry an extension of what it is (PDF, xls/xlsx/xlsm/xlt, csv, ' +
  'docx, txt, JPEG, PNG, WebP, GIF); executables and SVG/HTML are refused under any name (415 ' +
  'WARN_FileTypeRefused). Each file at most UPLOAD_MAX_FILE_MB, at most UPLOAD_MAX_FILES files (413 ' +
  'WARN_FileTooLarge / WARN_TooManyFiles, refused while streaming).';

function parts(request: FastifyRequest): AsyncIterable<UploadPart> {
  if (!request.isMultipart()) throw Object.assign(new Error('multipart/form-data expected'), { statusCode: 415 });
  return request.parts() as AsyncIterable<UploadPart>;
}

/**
 * The file library under /api/infile (spec part 2 §7; decision 0027). Signed-in users list and download; admins
 * upload, put, create folders and delete. Paths are relative to the library, with slashes (a backslash counts as
 * one); a path that leaves the library is refused (400 WARN_FileOutsideRoot). The technical files under the same
 * prefix are technical-files.routes.ts.
 */
export const filesRoutes: FastifyPluginAsyncZod<Options> = async (app, { service, maxFileBytes, maxFiles }) => {
  // Scoped to this plugin: busboy stops a file one byte past the limit, while the storage's counter answers 413.
  await app.register(multipart, {
    limits: { fileSize: maxFileBytes + 1, files: maxFiles + 1, fields: 20, fieldSize: 1024, parts: maxFiles + 21 },
  });

  app.get('/api/infile/getfiles/', {
    config: { auth: 'user' },
    schema: {
      tags,
      summary: 'One folder of the library (id: its path, the root when empty): folders first, then files, by name',
      description:
        'A page of pindex (from 0) and psize (1–5,000) entries and the folder’s total. A folder’s children are loaded by their own call.',
      querystring: filesQuery,
      response: { 200: fileFolderPage, 400: errorBody, 404: errorBody },
    },
    handler: (request) => service.list(request.query.id, request.query.pindex, request.query.psize),
  });

  app.get('/api/infile/getfile', {
    config: { auth: 'user' },
    schema: {
      tags,
      summary: 'A file of the library: binary true (default) saves it (attachment), false shows it in the browser',
      querystring: fileQuery,
      // What the library's files were recognised as (lib/storage/content-type.ts), else octet-stream.
      produces: [
        ...new Set([...Object.values(CONTENT_TYPES).map((t) => t.split(';')[0]!), 'application/octet-stream']),
      ],
      response: { 400: errorBody, 404: errorBody },
    },
    handler: async (request, reply) => {
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
      // A stream is sent as it is (no serializer); the response schema only describes the refusals.
      return reply.send(file.stream as never);
    },
  });

  app.post('/api/infile/upload', {
    config: { auth: { rank: RANK.admin } },
    schema: {
      tags,
      summary: 'Upload one or more new files into a folder (?fullPath, the root by default); multipart, any field name',
      description: `${limitsText} A name already in the folder is refused (409 WARN_FileExists; putfile replaces). All or nothing.`,
      consumes: ['multipart/form-data'],
      multipart: uploadParts,
      querystring: uploadQuery,
      response: { 200: filesStored, 400: errorBody, 404: errorBody, 409: errorBody, 413: errorBody, 415: errorBody },
    },
    handler: (request) => service.upload(request.query.fullPath, parts(request)),
  });

  app.post('/api/infile/putfile', {
    config: { auth: { rank: RANK.admin } },
    schema: {
      tags,
      summary: 'Put one file at a path (?fullPath, its folder must exist), replacing the file there',
      description: `${limitsText} A refused file leaves the one there as it was. Only the first file part is used.`,
      consumes: ['multipart/form-data'],
      multipart: uploadParts,
      querystring: putFileQuery,
      response: { 200: fileStored, 400: errorBody, 404: errorBody, 409: errorBody, 413: errorBody, 415: errorBody },
    },
    handler: (request) => service.put(request.query.fullPath, parts(request)),
  });

  app.post('/api/infile/createemptydirectory', {
    config: { auth: { rank: RANK.admin } },
    schema: {
      tags,
      summary: 'Create an empty folder called name inside fullPath (the root by default)',
      description: 'The name is cleaned (lib/storage/paths.ts); an existing one is refused (409 WARN_FolderExists).',
      body: createFolderRequest,
      response: { 200: fileDone, 400: errorBody, 404: errorBody, 409: errorBody },
    },
    handler: (request) => service.createFolder(request.body.fullPath, request.body.name),
  });

  app.delete('/api/infile/deletefile', {
    config: { auth: { rank: RANK.admin } },
    schema: {
      tags,
      summary: 'Delete a file of the library',
      querystring: deleteFileQuery,
      response: { 200: fileDone, 400: errorBody, 404: errorBody },
    },
    handler: (request) => service.deleteFile(request.query.fullPath),
  });

  app.delete('/api/infile/deletefolder', {
    config: { auth: { rank: RANK.admin } },
    schema: {
      tags,
      summary: 'Delete a folder; one that is not empty only with force=true (after the second confirmation)',
      description: 'Without force a folder that holds anything is refused: 409 WARN_FolderNotEmpty, nothing deleted.',
      querystring: deleteFolderQuery,
      response: { 200: fileDone, 400: errorBody, 404: errorBody, 409: errorBody },
    },
    handler: (request) => service.deleteFolder(request.query.fullPath, request.query.force),
  });
};
