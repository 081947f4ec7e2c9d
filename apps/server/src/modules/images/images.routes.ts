import multipart from '@fastify/multipart';
import { imageCalls as c, IMAGE_SLOTS, type ImageSlot } from '@portal/contract/images';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpointRoute } from '../../lib/endpoint-route.ts';
import { callerOf } from '../../plugins/auth.ts';
import { notFound, unauthorized } from '../../plugins/errors.ts';
import type { ImagesService, UploadPart } from './images.service.ts';

type Options = { service: ImagesService; maxFileBytes: number; maxFiles: number };

/**
 * The image gallery under /api/inimage (spec part 2 §7) and the avatar thumbnail (part 1 §3). Customers read;
 * admins upload, rename and delete. An image's bytes are served to anyone holding its URL with the content hash
 * (`?v=`), so that <img> tags, which send no bearer token, show them; without the hash a signed-in caller is
 * needed, except for the avatar thumbnail (decision 0025).
 */
export const imagesRoutes: FastifyPluginAsyncZod<Options> = async (app, { service, maxFileBytes, maxFiles }) => {
  // Scoped to this plugin; busboy stops a file one byte past the limit and ignores files past the count, while
  // the service's own counters answer the spec-style refusal (413) first.
  await app.register(multipart, {
    limits: { fileSize: maxFileBytes + 1, files: maxFiles + 1, fields: 20, fieldSize: 1024, parts: maxFiles + 21 },
  });

  async function serve(
    request: FastifyRequest,
    reply: FastifyReply,
    id: number,
    slot: ImageSlot,
    v: string | undefined,
    publicWithoutHash: boolean,
  ) {
    // Without the hash nothing (not even whether the image exists) is told to an anonymous caller.
    if (!v && !publicWithoutHash && !request.principal) throw unauthorized();
    const file = await service.slotFile(id, slot);
    if (!file) throw notFound();
    const hashed = v === file.content_hash;
    if (!hashed && !publicWithoutHash && !request.principal) throw unauthorized();
    const etag = `"${file.content_hash.slice(0, 40)}-${slot}"`;
    reply.header('ETag', etag);
    // An image's bytes never change under its id (a new upload is a new image): the hashed URL is cached for good.
    reply.header(
      'Cache-Control',
      hashed
        ? 'public, max-age=31536000, immutable'
        : publicWithoutHash
          ? 'public, max-age=3600'
          : 'private, max-age=3600',
    );
    reply.header('X-Content-Type-Options', 'nosniff');
    const match = request.headers['if-none-match'];
    if (match?.split(',').some((t) => t.trim().replace(/^W\//, '') === etag)) return reply.code(304).send();
    const got = await service.storage.get(file.path);
    if (!got) throw notFound();
    reply.type(file.mime).header('Content-Length', String(got.size));
    return reply.send(got.stream as never);
  }

  endpointRoute(app, c.page, (request) => service.page(request.query.id, request.query.pindex, request.query.psize));

  endpointRoute(app, c.count, (request) => service.count(request.query.id));

  endpointRoute(app, c.upload, async (request) => {
    if (!request.isMultipart()) throw Object.assign(new Error('multipart/form-data expected'), { statusCode: 415 });
    return service.upload(request.parts() as AsyncIterable<UploadPart>, callerOf(request).id);
  });

  endpointRoute(app, c.update, async (request) => {
    const updated = await service.update(request.params.id, request.body.name, request.body.description);
    if (!updated) throw notFound();
    return updated;
  });

  endpointRoute(app, c.remove, async (request) => {
    if (!(await service.remove(request.params.id))) throw notFound();
    return { id: request.params.id, message: 'WARN_DeleteOK' };
  });

  endpointRoute(app, c.file, (request, reply) =>
    serve(request, reply, request.params.id, request.query.slot as ImageSlot, request.query.v, false),
  );

  // The avatar: the web shell uses the /api/inimage form (`avatarUrl`); both answer the same.
  for (const e of [c.avatarSpec, c.avatar]) {
    endpointRoute(app, e, (request, reply) =>
      serve(request, reply, request.params.id, IMAGE_SLOTS.thumbnail, request.query.v, true),
    );
  }
};
