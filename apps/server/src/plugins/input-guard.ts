import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { findUnsafeText } from '../lib/input-strings.ts';
import { InvalidInput } from './errors.ts';

/**
 * Every string a request brings (path parameters, query, parsed JSON or form body) is checked here, once, before
 * any route reads it: a NUL character or an unpaired surrogate is a 400 `WARN_ValidationError` naming where it
 * was, and nothing runs (docs/decisions/0017-input-strings.md). It runs after the authorization check, so an
 * anonymous caller of a signed-in route still hears 401; it also covers unknown paths (the encoded path is read,
 * `%00` there being a NUL).
 */
async function inputGuardPlugin(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    const found =
      firstUnsafe({ params: request.params, querystring: request.query, body: request.body }) ??
      (/%00/.test(request.url.split('?', 1)[0]!)
        ? { part: 'path', at: { path: '', reason: 'NUL character (U+0000) not allowed' } }
        : null);
    if (found) throw new InvalidInput([found.part, found.at.path].filter(Boolean).join('.'), found.at.reason);
  });
}

function firstUnsafe(parts: Record<string, unknown>) {
  for (const [part, value] of Object.entries(parts)) {
    const at = findUnsafeText(value);
    if (at) return { part, at };
  }
  return null;
}

export default fp(inputGuardPlugin, { name: 'input-guard', dependencies: ['errors'] });
