import { DEFAULT_LANGUAGE, LANGUAGE_KEYS } from '@portal/contract/constants';
import { STOCK_ALERT_MAIL } from '@portal/contract/notifications';
import { type SQL, sql } from 'drizzle-orm';
import { erpNameSql } from './erp-names.ts';

/**
 * Firing "back in stock at my store" alerts (issue 26; decision 0075), as steps of the stock writer's own statement
 * (sync-appliers.repository.ts `applyStock`, used by the stock sync and the ERP's stock feed): same transaction, set-based.
 *
 * `written` names a CTE of the statement with `article_id`, `store_id`, `quantity` of every stock row the statement
 * inserted or changed. The steps:
 * - `alert_probe`: one probe of the partial index `stock_alerts_pending` (is any alert pending at all?; the order
 *   makes it the index's first entry, never a scan of the alerts' history). When none is, the planner's one-time
 *   filter skips the join below: a batch pays this probe and nothing per row.
 * - `alerts_fired`: the pending alerts of the pairs written above zero are marked fired (at most once: a concurrent
 *   writer of the same pair waits for the row lock and then finds `fired_at` set).
 * - `alerts_notified`: one notification each (`stock_back`).
 * - `alerts_mailed`: one e-mail each through the outbox, in the person's language (es when it has none we write),
 *   to the person's address (none when the person has no address: the notification stays).
 *
 * The CTEs' names start with `alert` so that they do not clash with the statement's own.
 */
export function stockAlertSteps(written: string, baseUrl: string): SQL {
  const texts = LANGUAGE_KEYS.map((lang) => ({ lang, ...STOCK_ALERT_MAIL[lang] }));
  // The store as the mail's reader sees it: the admins' name in the mail's language, else the ERP's (0091).
  const storeName = erpNameSql('s', sql`t.lang`);
  const src = sql.raw(written);
  return sql`
    alert_probe as (
      select coalesce((select true from stock_alerts where fired_at is null and cancelled_at is null
                        order by article_id, store_id limit 1), false) as any_pending),
    alerts_fired as (
      update stock_alerts al set fired_at = now()
        from ${src} w
       where (select any_pending from alert_probe)
         and al.article_id = w.article_id and al.store_id = w.store_id and w.quantity > 0
         and al.fired_at is null and al.cancelled_at is null
      returning al.id, al.user_id, al.article_id, al.store_id),
    alerts_notified as (
      insert into notifications (user_id, kind, params)
      select f.user_id, 'stock_back',
             jsonb_build_object('alertId', f.id, 'articleId', f.article_id, 'ref', a.ref_jumasa,
                                'storeId', f.store_id, 'storeName', s.name)
        from alerts_fired f join articles a on a.id = f.article_id join stores s on s.id = f.store_id
      returning id),
    alert_texts as (
      select * from jsonb_to_recordset(${JSON.stringify(texts)}::jsonb) as t(lang text, subject text, body text)),
    alerts_mailed as (
      insert into mail_outbox (recipient, subject, body)
      select u.email,
             replace(replace(t.subject, '{ref}', a.ref_jumasa), '{store}', ${storeName}),
             replace(replace(replace(replace(t.body, '{ref}', a.ref_jumasa), '{store}', ${storeName}),
                             '{name}', coalesce(n.name, a.description)),
                     '{url}', ${`${baseUrl}/product-list?ref=`} || replace(a.ref_jumasa, ' ', '%20'))
        from alerts_fired f
        join users u on u.id = f.user_id
        join articles a on a.id = f.article_id
        join stores s on s.id = f.store_id
        join alert_texts t
          on t.lang = case when u.language in (select lang from alert_texts) then u.language else ${DEFAULT_LANGUAGE} end
        left join article_names n on n.article_id = a.id and n.lang = t.lang
       where coalesce(u.email, '') <> ''
      returning id)`;
}
