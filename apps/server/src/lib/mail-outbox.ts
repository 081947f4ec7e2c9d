import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../db/client.ts';
import type { Mailer } from './mailer.ts';

const MAX_ATTEMPTS = 10;

/**
 * Delivers the e-mails queued in mail_outbox (written in the transaction of what they announce).
 * Rows are claimed with `for update skip locked`, so two servers never send the same message; a failure is
 * counted and retried on the next run, up to ten attempts.
 */
export function mailOutbox(db: Db, mailer: Mailer, log: { warn(o: object, msg: string): void }) {
  let running: Promise<number> | null = null;

  async function runOnce(): Promise<number> {
    let sent = 0;
    let after = 0;
    for (;;) {
      const delivered = await db.transaction(async (tx) => {
        const [mail] = await queryRows<{
          id: number;
          recipient: string;
          subject: string;
          body: string;
          html: string | null;
        }>(
          tx,
          sql`select id::int, recipient, subject, body, html from mail_outbox
               where sent_at is null and attempts < ${MAX_ATTEMPTS} and id > ${after}
               order by id limit 1 for update skip locked`,
        );
        if (!mail) return null;
        after = mail.id;
        try {
          await mailer.send({
            to: mail.recipient,
            subject: mail.subject,
            text: mail.body,
            ...(mail.html ? { html: mail.html } : {}),
          });
          await tx.execute(sql`update mail_outbox set sent_at = now(), attempts = attempts + 1 where id = ${mail.id}`);
          return true;
        } catch (error) {
          log.warn({ err: error, mail: mail.id }, 'e-mail not delivered; it will be retried');
          await tx.execute(
            sql`update mail_outbox set attempts = attempts + 1, last_error = ${String(error).slice(0, 500)} where id = ${mail.id}`,
          );
          return false;
        }
      });
      if (delivered === null) return sent;
      if (delivered) sent++;
    }
  }

  /** Sends what is pending; concurrent calls share one run. */
  function drain(): Promise<number> {
    if (!running) running = runOnce().finally(() => (running = null));
    return running;
  }

  return {
    drain,
    /**
     * Resolves once every e-mail queued before the call has been tried: the run under way (which may have passed
     * it) ends, then a new one runs. What a test awaits instead of a timer.
     */
    async settled(): Promise<number> {
      await running?.catch(() => undefined);
      return drain();
    },
    /** Resolves when no run is under way (the server waits for it before closing the database). */
    async idle(): Promise<void> {
      await running?.catch(() => undefined);
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

/** The e-mails not sent yet, and how long the oldest has waited (for /metrics). */
export async function mailQueueStats(db: Db): Promise<{ depth: number; oldestSeconds: number }> {
  const [row] = await queryRows<{ depth: number; oldest: number | null }>(
    db,
    sql`select count(*)::int as depth, extract(epoch from now() - min(created_at))::float8 as oldest
          from mail_outbox where sent_at is null`,
  );
  return { depth: row?.depth ?? 0, oldestSeconds: row?.oldest ?? 0 };
}
