import { displayDocumentId } from '@portal/contract/sales';
import {
  DOCUMENT_SEARCH,
  type DocumentSearchResponse,
  SEARCH_KINDS,
  SEARCH_MATCHES,
  type SearchHit,
  type SearchKind,
  type SearchMatch,
  searchHit,
  searchLink,
  searchTerms,
} from '@portal/contract/search';
import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { type Db, queryRowsReused } from '../../db/client.ts';
import { asNumber, isoDate, isoTimestamp } from '../../lib/sql-format.sql.ts';

/** A probe's row: dates are ISO text and amounts float8, made in SQL (`isoDate`, `isoTimestamp`, `asNumber`). */
const row = z.object({
  kind: searchHit.shape.kind,
  id: z.string(),
  date: z.string(),
  state: z.string().nullable(),
  amount: z.number().nullable(),
  customer_ref: z.string().nullable(),
  job_ref: z.string().nullable(),
  client: z.string(),
  matched: searchHit.shape.matched,
});
type Row = z.output<typeof row>;

const N = DOCUMENT_SEARCH.perKind;

/** A column in capitals as bytes: the expression of the search indexes (migration 0051). */
const key = (column: SQL) => sql`upper(${column}) collate "C"`;
/** The values whose capitals start with the prefix: a range of the index (U+10FFFF sorts after any character). */
const startsWith = (column: SQL, prefix: string) =>
  sql`${key(column)} >= upper(${prefix}::text) collate "C"
      and ${key(column)} < (upper(${prefix}::text) || chr(1114111)) collate "C"`;

/** The kinds' tables: what a hit shows, and the columns searched. */
type Source = {
  kind: SearchKind;
  /** `from … where` of the kind's table under alias `d`, scoped. */
  from: SQL;
  client: SQL;
  select: SQL;
  /** The date the kind is ordered by within one reference. */
  date: SQL;
  numbers: SQL[];
  refs: SQL[];
  ids?: SQL;
};

const sources: Source[] = [
  {
    kind: 'order',
    from: sql`erp_sales_orders d`,
    client: sql`d.client_accountnum`,
    select: sql`d.sales_id as id, ${isoTimestamp(sql`d.created_at`)} as date, d.status::text as state,
                null::float8 as amount, d.customer_ref, null::text as job_ref, d.client_accountnum as client`,
    date: sql`d.created_at`,
    numbers: [sql`d.sales_id`],
    refs: [sql`d.customer_ref`],
  },
  {
    kind: 'weborder',
    from: sql`web_orders d`,
    client: sql`d.client_accountnum`,
    select: sql`d.id::text as id, ${isoTimestamp(sql`d.ordered_at`)} as date,
                case when d.imported then 'imported' else 'pending' end as state,
                ${asNumber(sql`coalesce(d.total_amount, d.net_amount)`)} as amount, d.customer_ref,
                null::text as job_ref, d.client_accountnum as client`,
    date: sql`d.ordered_at`,
    numbers: [],
    refs: [sql`d.customer_ref`],
    ids: sql`d.id`,
  },
  {
    kind: 'invoice',
    from: sql`erp_invoices d`,
    client: sql`d.client_accountnum`,
    select: sql`d.invoice_id as id, ${isoDate(sql`d.invoice_date`)} as date, null::text as state,
                ${asNumber(sql`d.total_amount`)} as amount, null::text as customer_ref, null::text as job_ref,
                d.client_accountnum as client`,
    date: sql`d.invoice_date`,
    numbers: [sql`d.invoice_id`],
    refs: [],
  },
  {
    kind: 'packingslip',
    from: sql`erp_packing_slips d`,
    client: sql`d.client_accountnum`,
    select: sql`d.packing_slip_id as id, ${isoDate(sql`d.delivery_date`)} as date, null::text as state,
                null::float8 as amount, d.customer_ref, null::text as job_ref, d.client_accountnum as client`,
    date: sql`d.delivery_date`,
    numbers: [sql`d.packing_slip_id`],
    refs: [sql`d.customer_ref`],
  },
  {
    kind: 'refund',
    from: sql`refunds d`,
    client: sql`d.client_accountnum`,
    select: sql`d.id::text as id, ${isoTimestamp(sql`d.requested_at`)} as date, d.stage as state,
                null::float8 as amount, null::text as customer_ref, null::text as job_ref,
                d.client_accountnum as client`,
    date: sql`d.requested_at`,
    numbers: [sql`d.return_sales_id`, sql`d.credit_note_id`],
    refs: [],
    ids: sql`d.id`,
  },
];

/** One probe: at most N rows of one index, in its order. */
const probe = (s: Source, matched: SearchMatch, where: SQL, order: SQL, scope: SQL) =>
  sql`(select ${s.kind}::text as kind, ${s.select}, ${matched}::text as matched
         from ${s.from} where ${scope}${where} order by ${order} limit ${N})`;

/**
 * The probes of one search: for each kind, its numbers by each prefix, its references, the web orders' job
 * references, and the numbered kinds by id; each an index range read backwards (the highest number, the newest of a
 * reference first) and stopped at N rows. One statement.
 */
function searchSql(q: string, clientId: string | null): SQL {
  const { prefixes, text, ids } = searchTerms(q);
  const parts: SQL[] = [];
  for (const s of sources) {
    const scope = clientId === null ? sql`` : sql`${s.client} = ${clientId} and `;
    const notCart = s.kind === 'refund' ? sql` and d.stage <> 'cart'` : sql``;
    for (const column of s.numbers)
      for (const prefix of prefixes)
        parts.push(
          probe(
            s,
            'number',
            sql`${column} is not null and ${startsWith(column, prefix)}${notCart}`,
            sql`${key(column)} desc`,
            scope,
          ),
        );
    if (s.ids && ids.length > 0)
      parts.push(
        probe(
          s,
          'number',
          sql`${s.ids} in (${sql.join(
            ids.map((id) => sql`${id}`),
            sql`, `,
          )})${notCart}`,
          sql`${s.ids} desc`,
          scope,
        ),
      );
    for (const column of s.refs)
      parts.push(probe(s, 'customerRef', startsWith(column, text), sql`${key(column)} desc, ${s.date} desc`, scope));
  }
  // Web orders by the job references of their lines (web_order_job_refs, one row per order and reference).
  const jobScope = clientId === null ? sql`` : sql`j.client_accountnum = ${clientId} and `;
  parts.push(sql`(select 'weborder'::text as kind, d.id::text as id, ${isoTimestamp(sql`d.ordered_at`)} as date,
                         case when d.imported then 'imported' else 'pending' end as state,
                         ${asNumber(sql`coalesce(d.total_amount, d.net_amount)`)} as amount, d.customer_ref,
                         j.job_ref, d.client_accountnum as client, 'jobRef'::text as matched
                    from (select j.web_order_id, j.job_ref from web_order_job_refs j
                           where ${jobScope}${startsWith(sql`j.job_ref`, text)}
                           order by ${key(sql`j.job_ref`)} desc, j.ordered_at desc limit ${N}) j
                    join web_orders d on d.id = j.web_order_id)`);
  return sql.join(parts, sql` union all `);
}

/** The hits of each kind: numbers first, then references, then job references; newest first within each; N at most. */
export function groupHits(rows: Row[]): DocumentSearchResponse['groups'] {
  const groups: DocumentSearchResponse['groups'] = [];
  for (const kind of SEARCH_KINDS) {
    const mine = rows
      .filter((r) => r.kind === kind)
      .sort(
        (a, b) =>
          SEARCH_MATCHES.indexOf(a.matched) - SEARCH_MATCHES.indexOf(b.matched) ||
          (a.date < b.date ? 1 : a.date > b.date ? -1 : 0) ||
          (a.id < b.id ? 1 : -1),
      );
    const seen = new Set<string>();
    const hits: SearchHit[] = [];
    for (const r of mine) {
      if (seen.has(r.id) || hits.length >= N) continue;
      seen.add(r.id);
      hits.push({
        kind,
        id: r.id,
        number: kind === 'order' || kind === 'invoice' ? displayDocumentId(r.id) : r.id,
        date: r.date,
        state: r.state,
        amount: r.amount,
        customerRef: r.customer_ref || null,
        jobRef: r.job_ref,
        client: r.client,
        matched: r.matched,
        link: searchLink(kind, r.id),
      });
    }
    if (hits.length > 0) groups.push({ kind, hits });
  }
  return groups;
}

export function searchRepository(db: Db) {
  return {
    /** The documents matching `q` of a client (null: every client), grouped by kind. */
    async documents(q: string, clientId: string | null): Promise<DocumentSearchResponse> {
      const rows = await queryRowsReused(db, searchSql(q, clientId), row);
      return { q, groups: groupHits(rows) };
    },
  };
}
export type SearchRepository = ReturnType<typeof searchRepository>;
