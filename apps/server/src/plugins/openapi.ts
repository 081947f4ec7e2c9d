import swagger, { type SwaggerTransform } from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { errorBody } from '@portal/contract/errors';
import type { FastifyInstance, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import type { ZodType } from 'zod';
import type { AuthRule } from './auth.ts';
import { isApiPath } from './errors.ts';

declare module 'fastify' {
  interface FastifySchema {
    /**
     * The parts of a multipart/form-data body (uploads), for the document only: the route reads the parts itself
     * (`request.parts()`), nothing validates them against this.
     */
    multipart?: ZodType;
  }
}

type Operation = Record<string, unknown> & { tags?: string[]; operationId?: string };
type JsonSchema = Record<string, unknown>;

/**
 * The API document at /api/docs (JSON at /api/docs/json; decision 0055), derived in one place from what every
 * route declares:
 * - `operationId` from the method and the path (`GET /api/inpost/gettree/{id}` is `getInpostGettreeById`);
 * - `security` from `config.auth`: none for 'anonymous', optional for 'optional', the bearer token otherwise;
 * - the refusals every route of a kind can answer, unless the route lists them: 400 (input checked), 401 (a token
 *   needed), 403 (a rank or role needed), 429 (a rate limit);
 * - `produces` names the content types of the success body (a file, a picture, a PDF, a spreadsheet): binary
 *   unless the route declares its schema; refusals stay JSON;
 * - `multipart` describes an upload's parts (multipart/form-data);
 * - an answer with no body (`z.null()`: a redirect, 304) is documented without content;
 * - the `tags` list holds every tag an operation uses; only the API (`/api/...`, `/token`) is documented.
 */
async function openApiPlugin(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: { title: 'Parts portal API', version: '1.0.0', description: 'B2B ordering portal and back office' },
      servers: [{ url: '/' }],
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          // Machine clients of the integration API (decision 0057): OAuth 2 client credentials at POST /token.
          integration: {
            type: 'oauth2',
            flows: {
              clientCredentials: {
                tokenUrl: '/token',
                scopes: {
                  'erp.feeds': 'Send the ERP’s data to the portal (feeds)',
                  'erp.events': 'Receive the portal’s events (pull feed, webhooks)',
                },
              },
            },
          },
        },
      },
      security: [{ bearer: [] }],
    },
    transform: documentRoute,
    transformObject: (input) => documentObject(jsonSchemaTransformObject(input) as Document),
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
}

const documented = (url: string) => url === '/token' || (isApiPath(url) && !url.startsWith('/api/docs'));

const documentRoute: SwaggerTransform = (input) => {
  const route = input.route as RouteOptions;
  if (!documented(input.url)) return { schema: { hide: true } as never, url: input.url };
  const source = (input.schema ?? {}) as Record<string, unknown>;
  const { produces, multipart, ...rest } = source;
  const out = jsonSchemaTransform({ ...input, schema: rest as never }) as unknown as {
    schema: Record<string, unknown>;
  };
  const schema = out.schema;
  if (schema.hide) return { schema: schema as never, url: input.url };

  const responses = { ...((schema.response as Record<string, JsonSchema> | undefined) ?? {}) };
  const declared = (source.response ?? {}) as Record<string, ZodType>;
  for (const [status, zodSchema] of Object.entries(declared)) {
    const description = String(responses[status]?.description ?? zodSchema?.description ?? 'No body');
    if ((zodSchema as { _zod?: { def?: { type?: string } } })?._zod?.def?.type === 'null')
      responses[status] = { type: 'null', description };
  }
  if (Array.isArray(produces) && produces.length > 0) {
    const ok = Object.keys(responses).find((s) => s.startsWith('2')) ?? '200';
    const { description, ...declaredBody } = responses[ok] ?? {};
    // A body declared as anything (z.any()) or not at all is the file's bytes.
    const bodySchema =
      Object.keys(declaredBody).length > 0 && declaredBody.type !== 'null'
        ? declaredBody
        : { type: 'string', format: 'binary' };
    responses[ok] = {
      description: description ?? 'The file',
      content: Object.fromEntries(produces.map((type: string) => [type, { schema: bodySchema }])),
    };
  }
  const auth = route.config?.auth as AuthRule | undefined;
  const refusal = (status: string, description: string) => {
    if (!responses[status]) responses[status] = { ...errorSchema(input), description };
  };
  if (rest.params || rest.querystring || rest.body || rest.headers || multipart)
    refusal('400', 'The input is refused (WARN_ValidationError or a rule key)');
  if (auth !== undefined && auth !== 'anonymous') refusal('401', 'No valid access token (WARN_Unauthorized)');
  if (typeof auth === 'object')
    refusal(
      '403',
      'scope' in auth
        ? 'The client lacks the scope (WARN_Forbidden)'
        : 'The caller lacks the rank or role (WARN_Forbidden)',
    );
  if ((route.config as { rateLimit?: unknown } | undefined)?.rateLimit) refusal('429', 'Too many attempts');
  schema.response = responses;

  if (multipart) {
    const parts = jsonSchemaTransform({ ...input, schema: { body: multipart } as never }) as {
      schema: { body: JsonSchema };
    };
    schema.body = parts.schema.body;
    schema.consumes = ['multipart/form-data'];
  }
  if (auth === 'anonymous') schema.security = [];
  else if (auth === 'optional') schema.security = [{}, { bearer: [] }];
  else if (typeof auth === 'object' && 'scope' in auth) schema.security = [{ integration: [auth.scope] }];
  return { schema: schema as never, url: input.url };
};

let errorJson: JsonSchema | undefined;
/** The error body's schema (a reference to the `Error` component). */
function errorSchema(input: Parameters<SwaggerTransform>[0]): JsonSchema {
  errorJson ??= (
    jsonSchemaTransform({ ...input, schema: { response: { 400: errorBody } } as never }) as {
      schema: { response: Record<string, JsonSchema> };
    }
  ).schema.response['400'];
  return { ...errorJson };
}

type Document = { paths?: Record<string, Record<string, Operation>>; tags?: { name: string }[] } & Record<
  string,
  unknown
>;

const METHODS = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']);

function documentObject(doc: Document): Document {
  const tags = new Set<string>();
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const [method, operation] of Object.entries(item)) {
      if (!METHODS.has(method)) continue;
      operation.operationId = operationIdOf(method, path);
      for (const tag of operation.tags ?? []) tags.add(tag);
    }
  }
  nullInNullableEnums(doc);
  return { ...doc, components: usedComponents(doc), tags: [...tags].sort().map((name) => ({ name })) };
}

/** OpenAPI 3.0.3: `nullable` does not add null to an `enum`; a nullable enum (a default of null) lists it. */
function nullInNullableEnums(value: unknown) {
  if (Array.isArray(value)) for (const v of value) nullInNullableEnums(v);
  else if (value && typeof value === 'object') {
    const schema = value as JsonSchema;
    if (schema.nullable === true && Array.isArray(schema.enum) && !schema.enum.includes(null)) schema.enum.push(null);
    for (const v of Object.values(schema)) nullInNullableEnums(v);
  }
}

/** The components every registered schema makes (an input and an output form each), less those nothing uses. */
function usedComponents(doc: Document) {
  const components = (doc.components ?? {}) as { schemas?: Record<string, unknown> };
  const schemas = { ...components.schemas };
  for (;;) {
    // A schema that only refers to itself (a tree's node) is not used either.
    const usedBesides = (name: string) =>
      JSON.stringify({ ...doc, components: { ...components, schemas: { ...schemas, [name]: null } } }).includes(
        `"#/components/schemas/${name}"`,
      );
    const unused = Object.keys(schemas).filter((name) => !usedBesides(name));
    if (unused.length === 0) return { ...components, schemas };
    for (const name of unused) delete schemas[name];
  }
}

const pascal = (word: string) =>
  word
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((w) => w[0]!.toUpperCase() + w.slice(1))
    .join('');

/** `get` + the path's segments (without `/api`), each parameter as `By<Name>`: `getInimageGetimgById`. */
export function operationIdOf(method: string, path: string): string {
  const segments = path
    .split('/')
    .filter(Boolean)
    .filter((segment, i) => !(i === 0 && segment === 'api'));
  const words = segments.map((segment) => {
    const param = /^\{(.+)\}$/.exec(segment);
    return param ? `By${pascal(param[1]!)}` : pascal(segment);
  });
  return method.toLowerCase() + words.join('');
}

export default fp(openApiPlugin, { name: 'openapi' });
