import { sql } from 'drizzle-orm';
import type { Db } from '../client.ts';

/**
 * The demo web orders' job references (issue 26; decision 0081): what the journeys, the API tests and the README
 * search for. `plate` is on two of buyer's orders, `workOrder` on every line of one, `claim` on one; `otherClient` on
 * one of buyer2's (client C00002), which buyer never finds.
 */
export const DEMO_JOB_REFS = {
  plate: '4821 KLM',
  workOrder: 'OT-7731',
  claim: 'SIN-2026-00417',
  otherClient: '9034 HJT',
} as const;

/** Job references on web order lines, and each web order's once in web_order_job_refs (the search reads these). */
export async function seedDocSearch(db: Db, scale: 'demo' | 'large'): Promise<void> {
  await db.execute(sql`
    with mine as (
      select w.id, u.username, row_number() over (partition by u.username order by w.id) as k
        from web_orders w join users u on u.id = w.user_id
       where u.username in ('buyer', 'buyer2') and w.customer_ref like 'WEB %')
    update web_order_lines l
       set job_ref = case when m.username = 'buyer2' then ${DEMO_JOB_REFS.otherClient}
                          when m.k in (2, 5) then ${DEMO_JOB_REFS.plate}
                          when m.k = 3 then ${DEMO_JOB_REFS.workOrder}
                          else ${DEMO_JOB_REFS.claim} end
      from mine m
     where l.web_order_id = m.id
       and ((m.username = 'buyer' and (m.k = 3 or (m.k in (2, 4, 5) and l.line_no = 1)))
            or (m.username = 'buyer2' and m.k = 1 and l.line_no = 1))`);
  // Large: a plate on the first line of one portal order in ten (25,000 of the statistics' 250,000), set-based.
  if (scale === 'large')
    await db.execute(sql`
      update web_order_lines l
         set job_ref = lpad((abs(hashtext('jr' || l.web_order_id)) % 10000)::text, 4, '0') || ' '
                       || chr(66 + abs(hashtext('ja' || l.web_order_id)) % 24)
                       || chr(66 + abs(hashtext('jb' || l.web_order_id)) % 24)
                       || chr(66 + abs(hashtext('jc' || l.web_order_id)) % 24)
       where l.line_no = 1 and l.web_order_id % 10 = 0 and l.job_ref is null`);
  await db.execute(sql`
    insert into web_order_job_refs (web_order_id, job_ref, client_accountnum, ordered_at)
    select distinct w.id, l.job_ref, w.client_accountnum, w.ordered_at
      from web_order_lines l join web_orders w on w.id = l.web_order_id
     where l.job_ref is not null
    on conflict do nothing`);
}
