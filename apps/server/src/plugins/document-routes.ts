import type { EndpointDef, ResponseOf } from '@portal/contract/endpoint';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ZodType } from 'zod';
import { endpointRoute } from '../lib/endpoint-route.ts';
import { documentScope } from '../lib/sql-format.ts';
import { callerOf } from './auth.ts';
import { notFound } from './errors.ts';

type App = Parameters<FastifyPluginAsyncZod>[0];

/** What the header and lines calls of a customer document need from its repository. */
export type DocumentReader<K, H, L> = {
  /** The header of `id` within the scope (a client, or null for every client); null when not there. */
  header(id: K, scope: string | null): Promise<H | null>;
  latest(scope: string | null, rows: number): Promise<H[]>;
  lines(key: never): Promise<L[]>;
};

type Options<K, H, L> = {
  prefix: string;
  tags: string[];
  refusals: Record<number, ZodType>;
  reader: DocumentReader<K, H, L>;
  /** The id the lines are read by, taken from the header found (the stored id, 41 prefix included). */
  keyOf: (header: H) => unknown;
  headers: { summary: string; querystring: ZodType; response: ZodType };
  lines: { path: string; summary: string; params: ZodType; response: ZodType };
};

/**
 * The two read calls every customer document has (part 2 §7): `getallheaders/` (the header of `id`, 404 when
 * it is not the caller's, else the newest `rows`) and its lines by id in the path (404 the same way).
 * Answers the lines reader, for a document whose lines are also asked by id in the query.
 */
export function documentReadRoutes<K, H, L>(app: App, o: Options<K, H, L>) {
  const linesOf = async (id: K, scope: string | null): Promise<L[]> => {
    const header = await o.reader.header(id, scope);
    if (!header) throw notFound();
    return o.reader.lines(o.keyOf(header) as never);
  };

  app.get(`${o.prefix}/getallheaders/`, {
    config: { auth: 'user' },
    schema: {
      tags: o.tags,
      summary: o.headers.summary,
      querystring: o.headers.querystring,
      response: { 200: o.headers.response, ...o.refusals },
    },
    handler: async (request) => {
      const scope = documentScope(callerOf(request));
      const { id, rows } = request.query as { id?: K; rows: number };
      if (id === undefined) return o.reader.latest(scope, rows);
      const header = await o.reader.header(id, scope);
      if (!header) throw notFound();
      return [header];
    },
  });

  app.get(`${o.prefix}/${o.lines.path}/:id`, {
    config: { auth: 'user' },
    schema: {
      tags: o.tags,
      summary: o.lines.summary,
      params: o.lines.params,
      response: { 200: o.lines.response, ...o.refusals },
    },
    handler: (request) => linesOf((request.params as { id: K }).id, documentScope(callerOf(request))),
  });

  return linesOf;
}

type Declared<K, H, L, Headers extends EndpointDef, Lines extends EndpointDef> = {
  /** `getallheaders/`: query `id` (the document's id type) and `rows`; answers the headers. */
  headers: Headers;
  /** The lines by id in the path (`:id`). */
  lines: Lines;
  reader: DocumentReader<K, H, L>;
  /** The id the lines are read by, taken from the header found (the stored id, 41 prefix included). */
  keyOf: (header: H) => unknown;
};

/**
 * The same two read calls, declared in the contract (sales-calls.ts; issue 24) and registered from their
 * declarations. Answers the lines reader, for a document whose lines are also asked by id in the query.
 */
export function documentReadEndpoints<K, H, L, Headers extends EndpointDef, Lines extends EndpointDef>(
  app: FastifyInstance,
  o: Declared<K, H, L, Headers, Lines>,
) {
  const linesOf = async (id: K, scope: string | null): Promise<L[]> => {
    const header = await o.reader.header(id, scope);
    if (!header) throw notFound();
    return o.reader.lines(o.keyOf(header) as never);
  };

  endpointRoute(app, o.headers, async (request) => {
    const scope = documentScope(callerOf(request));
    const { id, rows } = request.query as unknown as { id?: K; rows: number };
    if (id === undefined) return (await o.reader.latest(scope, rows)) as ResponseOf<Headers>;
    const header = await o.reader.header(id, scope);
    if (!header) throw notFound();
    return [header] as ResponseOf<Headers>;
  });

  endpointRoute(
    app,
    o.lines,
    async (request) =>
      (await linesOf(
        (request.params as unknown as { id: K }).id,
        documentScope(callerOf(request)),
      )) as ResponseOf<Lines>,
  );

  return linesOf;
}
