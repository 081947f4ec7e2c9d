import { sql } from 'drizzle-orm';
import type { Db } from '../client.ts';

/** How many sign-in log and document log rows each scale gets (issue 14: a million of each at large scale). */
export const ACCESS_SCALES = {
  demo: { userLogs: 3000, documentLogs: 1500 },
  large: { userLogs: 1_000_000, documentLogs: 1_000_000 },
} as const;

const AGENTS = [
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36',
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_6) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15',
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0',
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148',
];

/**
 * The sign-in log and the document download log of the past two years (issue 14): deterministic (hashes of the
 * row number, no random()), older than a day (so that no test's daily download limit or throttle sees them),
 * from the documentation address ranges 192.0.2.0/24 and 198.51.100.0/24. Codes: mostly successful sign-ins,
 * some wrong passwords, and a few blocked users, blocked clients and users without a company.
 */
export async function seedAccess(db: Db, scale: keyof typeof ACCESS_SCALES): Promise<void> {
  const n = ACCESS_SCALES[scale];
  const agents = sql.raw(`(array[${AGENTS.map((a) => `'${a}'`).join(', ')}])`);
  await db.execute(sql`
    with u as (select array_agg(username order by username) as names,
                      array_agg(client_accountnum order by username) as clients from users),
         g as (select i, abs(hashtext('ul' || i)) as h from generate_series(1, ${n.userLogs}) i)
    insert into user_logs (username, client_id, message_cod, fecha, ipaddress, machinename, useragent, data)
    select u.names[1 + g.h % cardinality(u.names)],
           u.clients[1 + g.h % cardinality(u.names)],
           c.code,
           now() - interval '1 day' - (g.i::float8 / ${n.userLogs}) * interval '730 days' - (g.h % 3600) * interval '1 second',
           case when g.h % 2 = 0 then '192.0.2.' else '198.51.100.' end || (1 + g.h % 250),
           'portal-' || (1 + g.h % 3),
           ${agents}[1 + (g.h / 7) % ${AGENTS.length}],
           case c.code when 1 then 'bad password' when 2 then 'El usuario está bloqueado.'
                       when 3 then 'El cliente está bloqueado.' when 4 then 'Sin empresa asignada.' else null end
    from g, u,
         lateral (select case when g.h % 100 < 82 then 0 when g.h % 100 < 94 then 1 when g.h % 100 < 97 then 2
                              when g.h % 100 < 99 then 3 else 4 end as code) c`);
  await db.execute(sql`
    with u as (select array_agg(id order by username) as ids, array_agg(username order by username) as names,
                      array_agg(client_accountnum order by username) as clients from users),
         g as (select i, abs(hashtext('dl' || i)) as h from generate_series(1, ${n.documentLogs}) i)
    insert into document_logs (document_id, document_type, extension_cod, fecha, user_id, username, client_id, log_cod)
    select case t.type when 1 then 'PV-' when 2 then 'AL-' else 'FV-' end || lpad((g.h % 9000000)::text, 7, '0'),
           t.type,
           (g.h / 3) % 2,
           now() - interval '1 day' - (g.i::float8 / ${n.documentLogs}) * interval '730 days' - (g.h % 3600) * interval '1 second',
           u.ids[1 + (g.h / 5) % cardinality(u.ids)],
           u.names[1 + (g.h / 5) % cardinality(u.ids)],
           u.clients[1 + (g.h / 5) % cardinality(u.ids)],
           0
    from g, u, lateral (select 1 + g.h % 3 as type) t`);
}
