import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError, InvalidInput, RuleViolations } from '../lib/app-error.ts';

// The refusals themselves are plain classes in lib/app-error.ts, below every layer that throws them (lib too,
// decision 0061); modules import them from here, beside the plugin that answers them.
export {
  AppError,
  badRequest,
  forbidden,
  InvalidInput,
  notFound,
  RuleViolations,
  unauthorized,
} from '../lib/app-error.ts';

const KEY_LIKE = /^(WARN|Warn|MSG|UI)_[A-Za-z0-9_]+$/;

type IssueLike = { instancePath?: string; message?: string };

/** The body of a refused input: `message` is the first issue's key, or `WARN_ValidationError`. */
export function validationBody(issues: IssueLike[]) {
  const mapped = issues.map((i) => ({
    path: (i.instancePath ?? '').replace(/^\//, '').replaceAll('/', '.'),
    message: i.message ?? 'invalid',
  }));
  const keyed = mapped.find((i) => KEY_LIKE.test(i.message));
  return {
    message: keyed?.message ?? 'WARN_ValidationError',
    messagedetail: mapped.map((i) => (i.path ? `${i.path}: ${i.message}` : i.message)).join('; '),
    issues: mapped,
  };
}

/**
 * Fastify's own refusals, answered before any route or hook runs (a URL that is not valid UTF-8 once decoded,
 * a path parameter over the length limit): said plainly, in the spec's error body.
 */
export function frameworkError(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  const status = error.statusCode && error.statusCode < 500 ? error.statusCode : 400;
  reply.status(status).send({ message: 'WARN_ValidationError', messagedetail: error.message });
}

/** PostgreSQL's numeric_value_out_of_range (22003), as the driver throws it or wrapped by the query layer. */
function isOutOfRange(error: unknown): boolean {
  for (
    let e = error, depth = 0;
    e && typeof e === 'object' && depth < 3;
    e = (e as { cause?: unknown }).cause, depth++
  ) {
    if ((e as { code?: unknown }).code === '22003') return true;
  }
  return false;
}

export const isApiPath = (url: string) => /^\/(api\/|api$|token$|token\?)/i.test(url);

async function errorsPlugin(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof InvalidInput) return reply.status(400).send(validationBody(error.validation));
    if (error instanceof AppError) {
      if (error.headers) reply.headers(error.headers);
      const issues = error instanceof RuleViolations ? error.issues : undefined;
      return reply.status(error.statusCode).send({ message: error.key, messagedetail: error.detail, issues });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      return reply.status(400).send(validationBody(error.validation));
    }
    if (isOutOfRange(error)) {
      // A number past its column's range (2^31 in an int4) that no schema bounded: the caller's input, and the
      // statement that met it wrote nothing.
      return reply.status(400).send({ message: 'WARN_ValidationError', messagedetail: 'a number is out of range' });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause.issues }, 'response does not match its schema');
    } else if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      // Malformed JSON, unsupported media type, body too large, ...: the client's fault, said plainly.
      return reply.status(error.statusCode).send({ message: 'WARN_ValidationError', messagedetail: error.message });
    } else {
      request.log.error({ err: error }, 'unhandled error');
    }
    return reply.status(500).send({
      message: 'WARN_InternalError',
      exceptionmessage: `Se ha producido un error inesperado. Referencia: ${request.id}`,
    });
  });
}

export default fp(errorsPlugin, { name: 'errors' });
