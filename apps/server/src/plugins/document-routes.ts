import type { EndpointDef, ResponseOf } from '@portal/contract/endpoint';
import type { FastifyInstance } from 'fastify';
import { endpointRoute } from '../lib/endpoint-route.ts';
import { documentScope } from '../lib/sql-format.sql.ts';
import { callerOf } from './auth.ts';
import { notFound } from './errors.ts';

/** What the header and lines calls of a customer document need from its repository. */
export type DocumentReader<K, H, L> = {
  /** The header of `id` within the scope (a client, or null for every client); null when not there. */
  header(id: K, scope: string | null): Promise<H | null>;
  latest(scope: string | null, rows: number): Promise<H[]>;
  lines(key: never): Promise<L[]>;
};

type Options<K, H, L, Headers extends EndpointDef, Lines extends EndpointDef> = {
  /** `getallheaders/`: query `id` (the document's type) and `rows`; answers the headers. */
  headers: Headers;
  /** The lines by id in the path (`:id`). */
  lines: Lines;
  reader: DocumentReader<K, H, L>;
  /** The id the lines are read by, taken from the header found (the stored id, 41 prefix included). */
  keyOf: (header: H) => unknown;
};

/**
 * The two read calls every customer document has (part 2 §7), declared in the contract (sales-calls.ts):
 * `getallheaders/` (the header of `id`, 404 when it is not the caller's, else the newest `rows`) and its lines by id
 * in the path (404 the same way). Answers the lines reader, for a document whose lines are also asked by id in the
 * query.
 */
export function documentReadEndpoints<K, H, L, Headers extends EndpointDef, Lines extends EndpointDef>(
  app: FastifyInstance,
  o: Options<K, H, L, Headers, Lines>,
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
