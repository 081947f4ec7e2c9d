import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { MAIL_MAX_ATTEMPTS, mailRetryDelaySeconds } from '../lib/mail-backoff.ts';
import type { Mail, Mailer } from '../lib/mailer.ts';
import { sharedRun } from '../lib/shared-run.ts';
import { type Db, queryRows } from './client.ts';
import { idRow, int } from './rows.ts';

/**
 * How long a claimed mail stays with the sender that claimed it (seconds): longer than one attempt may take
 * (SMTP_TIMEOUTS). A sender that dies in the middle leaves the mail to be tried again once the claim has passed.
 */
const CLAIM_SECONDS = 120;

export type MailStatus = 'pending' | 'sent' | 'dead';

/**
 * Queues a mail in the outbox (decision 0053). Give it the transaction of what the mail announces: the mail
 * exists exactly when that does, and nobody waits on the SMTP server. The sender delivers it after the commit.
 */
export async function queueMail(db: Db, mail: Mail): Promise<void> {
  await db.execute(
    sql`insert into mail_outbox (recipient, subject, body, html) values (${mail.to}, ${mail.subject}, ${mail.text}, ${mail.html ?? null})`,
  );
}

const mailQueueStatsRow = z.object({ pending: int, dead: int, oldestPendingSeconds: z.number() });
export type MailQueueStats = z.output<typeof mailQueueStatsRow>;

/** The queue's figures for metrics: pending and dead mails, and the age of the oldest pending one (0 if none). */
export async function mailQueueStats(db: Db): Promise<MailQueueStats> {
  const [row] = await queryRows(
    db,
    sql`select count(*) filter (where status = 'pending')::int as pending,
               count(*) filter (where status = 'dead')::int as dead,
               coalesce(extract(epoch from now() - min(created_at) filter (where status = 'pending')), 0)::float8
                 as "oldestPendingSeconds"
          from mail_outbox where status <> 'sent'`,
    mailQueueStatsRow,
  );
  return row ?? { pending: 0, dead: 0, oldestPendingSeconds: 0 };
}

const claimedMail = z.object({
  id: int,
  recipient: z.string(),
  subject: z.string(),
  body: z.string(),
  html: z.string().nullable(),
  attempts: int,
});
type ClaimedMail = z.output<typeof claimedMail>;

/**
 * Whether a failed attempt reached the SMTP server: a server that answered refused this message (its next
 * mail may go through); one that could not be reached or did not answer would refuse every mail the same way.
 */
const serverAnswered = (error: unknown) => typeof (error as { responseCode?: unknown })?.responseCode === 'number';

type Options = {
  log: { warn(o: object, msg: string): void; error(o: object, msg: string): void };
  clock?: () => Date;
  /** The jitter's source, in [0, 1). */
  random?: () => number;
};

/**
 * Delivers the mails queued in mail_outbox (decision 0053). Each due mail is claimed by one statement
 * (`for update skip locked`, its next attempt moved CLAIM_SECONDS on), so two instances never send it twice, and
 * sent with no transaction open. A failure waits an exponential back-off with jitter (mail-backoff.ts); after
 * MAIL_MAX_ATTEMPTS (a day) the mail is dead until an admin sends it again. When the server cannot be reached,
 * the run stops: the other due mails wait for the next run instead of each waiting for the same timeout.
 */
export function mailOutbox(db: Db, mailer: Mailer, options: Options) {
  const clock = options.clock ?? (() => new Date());
  const random = options.random ?? Math.random;
  const { log } = options;

  /**
   * Claims the most overdue mail. A mail is queued with the database's time, checked against the later of the
   * database's and this instance's clocks: a few seconds of skew never holds a new mail back to the next run.
   */
  async function claim(): Promise<ClaimedMail | null> {
    const now = clock();
    const [mail] = await queryRows(
      db,
      sql`with due as (
            select id from mail_outbox
             where status = 'pending' and next_attempt_at <= greatest(now(), ${now})
             order by next_attempt_at, id limit 1
             for update skip locked)
          update mail_outbox m
             set attempts = m.attempts + 1, last_attempt_at = ${now},
                 next_attempt_at = ${new Date(now.getTime() + CLAIM_SECONDS * 1000)}
            from due where m.id = due.id
          returning m.id::int as id, m.recipient, m.subject, m.body, m.html, m.attempts`,
      claimedMail,
    );
    return mail ?? null;
  }

  /** Sends one claimed mail and records the outcome; false when the server could not be reached. */
  async function attempt(mail: ClaimedMail): Promise<{ sent: boolean; reachable: boolean }> {
    try {
      await mailer.send({
        to: mail.recipient,
        subject: mail.subject,
        text: mail.body,
        ...(mail.html ? { html: mail.html } : {}),
      });
    } catch (error) {
      const dead = mail.attempts >= MAIL_MAX_ATTEMPTS;
      const next = new Date(clock().getTime() + mailRetryDelaySeconds(mail.attempts, random()) * 1000);
      await db.execute(
        sql`update mail_outbox
               set status = ${dead ? 'dead' : 'pending'}, next_attempt_at = ${next},
                   last_error = ${String(error).slice(0, 500)}
             where id = ${mail.id} and status = 'pending'`,
      );
      const fields = { err: error, mail: mail.id, attempts: mail.attempts };
      if (dead) log.error(fields, 'e-mail not delivered after its last attempt: it is dead');
      else log.warn({ ...fields, nextAttemptAt: next.toISOString() }, 'e-mail not delivered; it will be retried');
      return { sent: false, reachable: serverAnswered(error) };
    }
    await db.execute(
      sql`update mail_outbox set status = 'sent', sent_at = ${clock()}, last_error = null where id = ${mail.id}`,
    );
    return { sent: true, reachable: true };
  }

  async function runOnce(): Promise<number> {
    let sent = 0;
    for (;;) {
      const mail = await claim();
      if (!mail) return sent;
      const outcome = await attempt(mail);
      if (outcome.sent) sent++;
      if (!outcome.reachable) return sent;
    }
  }

  const run = sharedRun(runOnce, log, 'mail outbox');

  return {
    ...run,
    /**
     * A dead mail is pending again, due now, with a new day of attempts; false when the mail is not dead (sent,
     * still pending, or unknown). The caller kicks the sender.
     */
    async resend(id: number): Promise<boolean> {
      const rows = await queryRows(
        db,
        sql`update mail_outbox set status = 'pending', attempts = 0, next_attempt_at = ${clock()}
             where id = ${id} and status = 'dead' returning id::int as id`,
        idRow,
      );
      return rows.length > 0;
    },
  };
}
export type MailOutbox = ReturnType<typeof mailOutbox>;

declare module 'fastify' {
  interface FastifyInstance {
    /** The e-mail outbox of this app (tests await `settled()`). */
    mailOutbox: MailOutbox;
  }
}
