import fs from 'node:fs';
import path from 'node:path';
import { normalizeReference } from '@portal/contract/catalog';
import { catalogCalls as c } from '@portal/contract/catalog-calls';
import type { FastifyPluginAsync } from 'fastify';
import { endpointRoute } from '../../lib/endpoint-route.ts';
import { attachment, resolveInside } from '../../lib/storage-root.ts';
import { badRequest, notFound } from '../../plugins/errors.ts';

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

/**
 * The technical files of the catalogue: the calls declared in the contract (`catalogCalls`; issue 24), each registered
 * from its declaration.
 */
export const technicalFilesRoutes: FastifyPluginAsync<{ root: string }> = async (app, { root }) => {
  endpointRoute(app, c.technicalFiles, (request) =>
    listPdfs(root, path.posix.join(request.query.marca, normalizeReference(request.query.ref_jumasa))),
  );

  endpointRoute(app, c.familyFiles, (request) =>
    listPdfs(root, path.posix.join(FAMILY_FOLDER, request.query.familyid)),
  );

  endpointRoute(app, c.technicalFile, async (request, reply) => {
    const file = resolveInside(root, request.query.fullPath);
    if (!file) throw badRequest('WARN_FileOutsideRoot');
    if (!file.toLowerCase().endsWith('.pdf') || !fs.existsSync(file) || !fs.statSync(file).isFile()) throw notFound();
    reply.header('Content-Type', 'application/pdf');
    reply.header('Content-Disposition', attachment(path.basename(file)));
    reply.header('X-Content-Type-Options', 'nosniff');
    // A stream is sent as it is (no serializer): the declared answer is the file's bytes.
    return reply.send(fs.createReadStream(file) as never);
  });
};
