import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { type Db, queryRows } from '../../db/client.ts';
import { presenceRow } from '../../db/rows.ts';

export type TicketKind = 'signin' | 'link';
/** An external ticket as the sign-in reads it back. */
const ticketRow = z.object({
  issuer: z.string(),
  subject: z.string(),
  user_id: z.string().nullable(),
  display: z.string().nullable(),
});
export type TicketRow = z.infer<typeof ticketRow>;
/** A provider request (state, nonce, PKCE verifier) taken back at the callback. */
const oidcRequestRow = z.object({
  nonce: z.string(),
  code_verifier: z.string(),
  browser_hash: z.string(),
  expired: z.boolean(),
});
export type OidcRequestRow = z.infer<typeof oidcRequestRow>;

/** The tables of external sign-in (decision 0036): provider requests, tickets, and the identities linked to users. */
export function externalSignInRepository(db: Db) {
  /** A ticket of this kind with this digest, not used and not expired at `now`. */
  const good = (hash: string, kind: TicketKind, now: Date) =>
    sql`hash = ${hash} and kind = ${kind} and used_at is null and expires_at > ${now}`;
  return {
    /** Keeps a new ticket; those expired before `staleBefore` go first (of no use, not even to read what happened). */
    async addTicket(
      t: TicketRow & { hash: string; kind: TicketKind; browser_hash: string; expires_at: Date },
      staleBefore: Date,
    ): Promise<void> {
      await db.execute(sql`delete from external_tickets where expires_at < ${staleBefore}`);
      await db.execute(sql`insert into external_tickets
          (hash, kind, issuer, subject, user_id, display, browser_hash, expires_at)
        values (${t.hash}, ${t.kind}, ${t.issuer}, ${t.subject}, ${t.user_id}, ${t.display}, ${t.browser_hash},
                ${t.expires_at})`);
    },

    async goodTicket(hash: string, kind: TicketKind, now: Date) {
      const [found] = await queryRows(
        db,
        sql`select issuer, subject, user_id, display, browser_hash from external_tickets where ${good(hash, kind, now)}`,
        ticketRow.extend({ browser_hash: z.string().nullable() }),
      );
      return found;
    },

    /** Marks a good ticket used; undefined when it was not good any more. */
    async spendTicket(hash: string, kind: TicketKind, now: Date) {
      const [spent] = await queryRows(
        db,
        sql`update external_tickets set used_at = ${now} where ${good(hash, kind, now)}
            returning issuer, subject, user_id, display`,
        ticketRow,
      );
      return spent;
    },

    /** Keeps a provider request; expired ones go first. */
    async addRequest(
      r: { state: string; nonce: string; code_verifier: string; browser_hash: string; expires_at: Date },
      now: Date,
    ): Promise<void> {
      await db.execute(sql`delete from oidc_requests where expires_at < ${now}`);
      await db.execute(sql`insert into oidc_requests (state, nonce, code_verifier, browser_hash, expires_at)
        values (${r.state}, ${r.nonce}, ${r.code_verifier}, ${r.browser_hash}, ${r.expires_at})`);
    },

    /** Takes (deletes) the request of a state made by the browser of this digest, saying whether it had expired. */
    async takeRequest(state: string, browserHash: string | null, now: Date) {
      const [request] = await queryRows(
        db,
        sql`delete from oidc_requests where state = ${state} and browser_hash = ${browserHash}
            returning nonce, code_verifier, browser_hash, expires_at < ${now} as expired`,
        oidcRequestRow,
      );
      return request;
    },

    async requestExists(state: string): Promise<boolean> {
      return (
        (await queryRows(db, sql`select 1 as one from oidc_requests where state = ${state}`, presenceRow)).length > 0
      );
    },

    /** The user an identity is linked to, if any. */
    async linkedUser(issuer: string, subject: string): Promise<string | null> {
      const [linked] = await queryRows(
        db,
        sql`select user_id from user_identities where issuer = ${issuer} and subject = ${subject}`,
        z.object({ user_id: z.string() }),
      );
      return linked?.user_id ?? null;
    },

    /** Links an identity to a user; false when the identity was linked already. */
    async link(issuer: string, subject: string, userId: string): Promise<boolean> {
      const inserted = await queryRows(
        db,
        sql`insert into user_identities (issuer, subject, user_id) values (${issuer}, ${subject}, ${userId})
            on conflict (issuer, subject) do nothing returning user_id`,
        z.object({ user_id: z.string() }),
      );
      return inserted.length > 0;
    },
  };
}
