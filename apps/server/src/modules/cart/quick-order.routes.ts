import multipart from '@fastify/multipart';
import { quickOrderCalls as c, QUICK_ORDER, QUICK_ORDER_KEYS } from '@portal/contract/quick-order';
import type { FastifyPluginAsync } from 'fastify';
import { endpointRoute } from '../../lib/endpoint-route.ts';
import { callerOf } from '../../plugins/auth.ts';
import { AppError } from '../../plugins/errors.ts';
import type { QuickOrderService } from './quick-order.service.ts';
import { quickOrderFileText } from './quick-order-file.ts';

/** Quick order and reorder (issue 26, docs/decisions/0069): resolve a list, read a file, add to the cart, reorder. */
export const quickOrderRoutes: FastifyPluginAsync<{ service: QuickOrderService }> = async (app, { service }) => {
  // Scoped to this plugin: one file, stopped one byte past the limit (the handler answers 413).
  await app.register(multipart, {
    limits: { fileSize: QUICK_ORDER.maxFileBytes + 1, files: 1, fields: 2, fieldSize: 64, parts: 3 },
  });

  endpointRoute(app, c.resolve, (request) => service.resolve(callerOf(request), request.body));
  endpointRoute(app, c.add, (request) => service.add(callerOf(request), request.body));
  endpointRoute(app, c.reorder, (request) =>
    service.reorder(callerOf(request), request.params.kind, request.params.id),
  );
  endpointRoute(app, c.readFile, async (request) => {
    if (!request.isMultipart()) throw new AppError(415, QUICK_ORDER_KEYS.fileType, 'multipart/form-data expected');
    const part = await request.file();
    if (!part) throw new AppError(400, QUICK_ORDER_KEYS.empty);
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of part.file) {
      size += (chunk as Buffer).length;
      if (size > QUICK_ORDER.maxFileBytes) throw new AppError(413, QUICK_ORDER_KEYS.fileTooLarge);
      chunks.push(chunk as Buffer);
    }
    return quickOrderFileText(Buffer.concat(chunks));
  });
};
