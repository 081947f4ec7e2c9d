import {
  type BodyOf,
  type EndpointDef,
  INTEGRATION_CALLS_PER_MINUTE,
  notModifiedAnswer,
  type ParamsOf,
  type QueryOf,
  type ResponseOf,
} from '@portal/contract/endpoint';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';

export type EndpointRequest<E extends EndpointDef> = FastifyRequest<{
  Params: ParamsOf<E>;
  Querystring: QueryOf<E>;
  Body: BodyOf<E>;
}>;

type Handler<E extends EndpointDef> = (
  request: EndpointRequest<E>,
  reply: FastifyReply,
) => Promise<ResponseOf<E> | FastifyReply> | ResponseOf<E> | FastifyReply;

/** Route options an endpoint does not declare: rate limits, body limits, hooks, an error handler. */
type Extra = Partial<Pick<RouteOptions, 'bodyLimit' | 'preHandler' | 'errorHandler' | 'onSend'>> & {
  config?: Record<string, unknown>;
};

/**
 * Registers the route of an endpoint declared in the contract (issue 24): its method, path, access rule and schemas
 * come from the declaration, so that the server, the web and the OpenAPI document cannot disagree.
 */
export function endpointRoute<E extends EndpointDef>(
  app: FastifyInstance,
  e: E,
  handler: Handler<E>,
  extra: Extra = {},
): void {
  const { config, ...options } = extra;
  // An integration call is limited per machine client, however many addresses it calls from (decision 0057).
  const limit =
    typeof e.access === 'object' && 'scope' in e.access
      ? {
          rateLimit: {
            max: INTEGRATION_CALLS_PER_MINUTE,
            timeWindow: '1 minute',
            keyGenerator: (request: FastifyRequest) => `machine:${request.machine?.id ?? request.ip}`,
          },
        }
      : {};
  app.route({
    method: e.method,
    url: e.path,
    config: { ...limit, ...config, auth: e.access },
    schema: {
      tags: [...e.tags],
      summary: e.summary,
      ...(e.description ? { description: e.description } : {}),
      ...(e.params ? { params: e.params } : {}),
      ...(e.query ? { querystring: e.query } : {}),
      ...(e.body ? { body: e.body } : {}),
      ...(e.consumes ? { consumes: [...e.consumes] } : {}),
      ...(e.produces ? { produces: [...e.produces] } : {}),
      ...(e.multipart ? { multipart: e.multipart } : {}),
      response: { [e.status ?? 200]: e.response, ...(e.notModified ? { 304: notModifiedAnswer } : {}), ...e.refusals },
    },
    ...options,
    handler: handler as RouteOptions['handler'],
  });
}
