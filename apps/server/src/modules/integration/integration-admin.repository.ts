import {
  INTEGRATION_LIMITS,
  type IntegrationCall,
  type IntegrationClient,
  integrationCall,
  integrationClient,
} from '@portal/contract/integration';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { type Db, queryRows } from '../../db/client.ts';
import { isoTimestamp } from '../../lib/sql-format.sql.ts';

type State = 'active' | 'revoked' | 'missing';

const webhookColumns = sql`id::int as id, url, ${isoTimestamp(sql`created_at`)} as "createdAt",
  ${isoTimestamp(sql`disabled_at`)} as "disabledAt"`;

/** What admins read and change of the integration clients (issue 23; decision 0058). Never a secret or its digest. */
export function integrationAdminRepository(db: Db) {
  return {
    /** Every client, newest first, with its calls of the 24 hours before `now` and its live webhook endpoints. */
    async list(now: Date): Promise<IntegrationClient[]> {
      return queryRows(
        db,
        sql`select c.id::text as id, c.name, c.client_id as "clientId", c.scopes,
                   ${isoTimestamp(sql`c.created_at`)} as "createdAt",
                   ${isoTimestamp(sql`c.rotated_at`)} as "rotatedAt",
                   ${isoTimestamp(sql`c.revoked_at`)} as "revokedAt",
                   ${isoTimestamp(sql`c.last_used_at`)} as "lastUsedAt",
                   (select count(*)::int from integration_calls k
                     where k.client_id = c.id and k.at > ${now}::timestamptz - interval '24 hours') as "calls24h",
                   (select count(*)::int from integration_webhook_endpoints w
                     where w.client_id = c.id and w.disabled_at is null) as webhooks
              from integration_clients c
             order by c.created_at desc, c.id`,
        integrationClient,
      );
    },

    async state(id: string): Promise<State> {
      const [row] = await queryRows(
        db,
        sql`select revoked_at is not null as revoked from integration_clients where id = ${id}::uuid`,
        z.object({ revoked: z.boolean() }),
      );
      if (!row) return 'missing';
      return row.revoked ? 'revoked' : 'active';
    },

    /**
     * A new secret for a client that is not revoked: its digest replaces the old one and the version moves, so that
     * the old secret and every token signed with the old version stop at once. Null when no such client.
     */
    async rotate(id: string, secretHash: string, now: Date): Promise<{ clientId: string } | null> {
      const [row] = await queryRows(
        db,
        sql`update integration_clients
               set secret_hash = ${secretHash}, secret_version = secret_version + 1, rotated_at = ${now}
             where id = ${id}::uuid and revoked_at is null
         returning client_id as "clientId"`,
        z.object({ clientId: z.string() }),
      );
      return row ?? null;
    },

    /** Revokes a client that is not revoked yet (its tokens stop: the version moves too); false when none. */
    async revoke(id: string, now: Date): Promise<boolean> {
      const rows = await queryRows(
        db,
        sql`update integration_clients set revoked_at = ${now}, secret_version = secret_version + 1
             where id = ${id}::uuid and revoked_at is null
         returning id::text as id`,
        z.object({ id: z.string() }),
      );
      return rows.length > 0;
    },

    /** A page of the client's calls, newest first. */
    async calls(id: string, page: number, rows: number): Promise<{ records: number; rows: IntegrationCall[] }> {
      const [count] = await queryRows(
        db,
        sql`select count(*)::int as records from integration_calls where client_id = ${id}::uuid`,
        z.object({ records: z.number() }),
      );
      const list = await queryRows(
        db,
        sql`select id::int as id, ${isoTimestamp(sql`at`)} as at, method, path, status::int as status, rows,
                   duration_ms as "durationMs"
              from integration_calls where client_id = ${id}::uuid
             order by at desc, id desc limit ${rows} offset ${(page - 1) * rows}`,
        integrationCall,
      );
      return { records: count?.records ?? 0, rows: list };
    },

    async webhooks(id: string) {
      return queryRows(
        db,
        sql`select ${webhookColumns} from integration_webhook_endpoints where client_id = ${id}::uuid
             order by created_at, id`,
        z.object({ id: z.number(), url: z.string(), createdAt: z.string(), disabledAt: z.string().nullable() }),
      );
    },

    /**
     * Adds an endpoint unless the client has it already or has its most: the new row, or why not. One statement, so
     * that nothing is written when refused.
     */
    async addWebhook(id: string, url: string, now: Date) {
      const [row] = await queryRows(
        db,
        sql`insert into integration_webhook_endpoints (client_id, url, created_at)
            select ${id}::uuid, ${url}, ${now}
             where (select count(*) from integration_webhook_endpoints where client_id = ${id}::uuid)
                   < ${INTEGRATION_LIMITS.webhooksMax}
            on conflict (client_id, url) do nothing
            returning ${webhookColumns}`,
        z.object({ id: z.number(), url: z.string(), createdAt: z.string(), disabledAt: z.string().nullable() }),
      );
      if (row) return { added: row } as const;
      const [exists] = await queryRows(
        db,
        sql`select 1 as one from integration_webhook_endpoints where client_id = ${id}::uuid and url = ${url}`,
        z.object({ one: z.number() }),
      );
      return { refused: exists ? 'exists' : 'full' } as const;
    },

    /** Removes one of the client's endpoints; false when the client has no such endpoint. */
    async removeWebhook(id: string, webhookId: number): Promise<boolean> {
      const rows = await queryRows(
        db,
        sql`delete from integration_webhook_endpoints where id = ${webhookId} and client_id = ${id}::uuid
         returning id::int as id`,
        z.object({ id: z.number() }),
      );
      return rows.length > 0;
    },
  };
}
export type IntegrationAdminRepository = ReturnType<typeof integrationAdminRepository>;
