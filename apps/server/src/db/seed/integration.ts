import { sql } from 'drizzle-orm';
import type { Db } from '../client.ts';

/**
 * The integration clients screen's menu entry (/setting/integrations; issue 23, decision 0058), after the mail
 * outbox, in a database whose menu was seeded before it existed. No demo client: a secret is shown once, to the admin
 * who makes the client.
 */
export async function seedIntegration(db: Db): Promise<void> {
  await db.execute(sql`
    with mail as (select parent_id, position, min_rank from nav_menu_items where sref = '/setting/mail' limit 1),
         moved as (
           update nav_menu_items m set position = m.position + 1 from mail
            where m.parent_id is not distinct from mail.parent_id and m.position > mail.position
              and not exists (select 1 from nav_menu_items where sref = '/setting/integrations'))
    insert into nav_menu_items (parent_id, position, title, icon, sref, min_rank)
    select mail.parent_id, mail.position + 1, 'MENU_Integrations', 'ApiOutlined', '/setting/integrations', mail.min_rank
      from mail where not exists (select 1 from nav_menu_items where sref = '/setting/integrations')`);
}
