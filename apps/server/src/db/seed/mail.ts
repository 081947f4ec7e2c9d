import { sql } from 'drizzle-orm';
import type { Db } from '../client.ts';

/**
 * The mail outbox's demo (issue 22; decision 0053): two mails that died during a night the mail server refused
 * them, for the admins' screen (/setting/mail) to show and send again; and that screen's menu entry in a
 * database whose menu was seeded before it existed.
 */
export async function seedMail(db: Db): Promise<void> {
  await db.execute(sql`
    insert into mail_outbox (recipient, subject, body, status, attempts, last_error, created_at, last_attempt_at,
                             next_attempt_at)
    values
      ('compras@talleresnorte.example', 'Pedido web recibido', 'Hemos recibido su pedido web.', 'dead', 37,
       'Error: Can''t send mail - all recipients were rejected: 550 5.1.1 Mailbox unavailable',
       timestamptz '2026-11-20 08:14:00+01', timestamptz '2026-11-21 10:02:00+01', timestamptz '2026-11-21 10:02:00+01'),
      ('recambios.sur@correo.example', 'Restablecer su contraseña del portal', 'Abra el enlace para elegir su contraseña.',
       'dead', 37, 'Error: Greeting never received',
       timestamptz '2026-11-20 23:40:00+01', timestamptz '2026-11-22 01:12:00+01', timestamptz '2026-11-22 01:12:00+01')`);
  await db.execute(sql`
    with logs as (select parent_id, position from nav_menu_items where sref = '/setting/userlog' limit 1),
         moved as (
           update nav_menu_items m set position = m.position + 1 from logs
            where m.parent_id is not distinct from logs.parent_id and m.position > logs.position
              and not exists (select 1 from nav_menu_items where sref = '/setting/mail'))
    insert into nav_menu_items (parent_id, position, title, icon, sref, min_rank)
    select logs.parent_id, logs.position + 1, 'MENU_MailOutbox', 'MailOutlined', '/setting/mail',
           (select min_rank from nav_menu_items where sref = '/setting/userlog' limit 1)
      from logs where not exists (select 1 from nav_menu_items where sref = '/setting/mail')`);
}
