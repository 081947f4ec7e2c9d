import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { type Db, queryRows } from '../../db/client.ts';

/** An integration client as the auth check needs it. */
const machineRow = z.object({
  id: z.string(),
  clientId: z.string(),
  name: z.string(),
  scopes: z.array(z.string()),
  secretVersion: z.number(),
});
export type MachineRow = z.infer<typeof machineRow>;
const clientRow = machineRow.extend({ secretHash: z.string(), revoked: z.boolean() });
type ClientRow = z.infer<typeof clientRow>;

/** Machine clients of the integration API (decision 0057). */
export function integrationClientsRepository(db: Db) {
  return {
    /** The client a `client_id` names, with its secret's digest; null when none (revoked ones included). */
    async byClientId(clientId: string): Promise<ClientRow | null> {
      const [row] = await queryRows(
        db,
        sql`select id::text as id, client_id as "clientId", name, scopes, secret_version as "secretVersion",
                   secret_hash as "secretHash", revoked_at is not null as revoked
              from integration_clients where client_id = ${clientId}`,
        clientRow,
      );
      return row ?? null;
    },

    /** A client that is not revoked, by its id (the `sub` of its tokens). */
    async active(id: string): Promise<MachineRow | null> {
      const [row] = await queryRows(
        db,
        sql`select id::text as id, client_id as "clientId", name, scopes, secret_version as "secretVersion"
              from integration_clients where id = ${id}::uuid and revoked_at is null`,
        machineRow,
      );
      return row ?? null;
    },

    /** Notes a use of the client (a token issued, a call made) and logs the call. */
    async logCall(
      id: string,
      call: { method: string; path: string; status: number; rows: number | null; durationMs: number },
      now: Date,
    ): Promise<void> {
      await db.execute(sql`
        with touched as (update integration_clients set last_used_at = ${now} where id = ${id}::uuid)
        insert into integration_calls (client_id, at, method, path, status, rows, duration_ms)
        values (${id}::uuid, ${now}, ${call.method}, ${call.path.slice(0, 500)}, ${call.status}, ${call.rows},
                ${Math.round(call.durationMs)})`);
    },

    /** Adds a client; answers its id, public client_id and its secret (shown once, kept only as a digest). */
    async create(
      input: { name: string; scopes: string[]; createdBy: string | null },
      secrets: { clientId: string; secret: string; secretHash: string },
    ): Promise<{ id: string; clientId: string; secret: string }> {
      const [row] = await queryRows(
        db,
        sql`insert into integration_clients (client_id, name, scopes, secret_hash, created_by)
            values (${secrets.clientId}, ${input.name}, array(select jsonb_array_elements_text(${JSON.stringify(input.scopes)}::jsonb)),
                    ${secrets.secretHash}, ${input.createdBy}::uuid)
            returning id::text as id`,
        z.object({ id: z.string() }),
      );
      return { id: row!.id, clientId: secrets.clientId, secret: secrets.secret };
    },

    /** The clients that receive the events (not revoked, holding erp.events), by name (decision 0067). */
    async eventReceivers(): Promise<{ clientId: string; name: string; lastUsedAt: string | null }[]> {
      return queryRows(
        db,
        sql`select client_id as "clientId", name,
                   to_char(last_used_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "lastUsedAt"
              from integration_clients
             where revoked_at is null and 'erp.events' = any(scopes)
             order by name, created_at`,
        z.object({ clientId: z.string(), name: z.string(), lastUsedAt: z.string().nullable() }),
      );
    },

    /**
     * The demo ERP's client (demo mode only; decision 0067): made the first time, given a new secret at every start
     * (the caller makes it and keeps it in memory; only its digest is stored). A client an admin revoked stays
     * revoked: answers false then.
     */
    async ensureDemoClient(input: { clientId: string; name: string; scopes: string[]; secretHash: string }) {
      const rows = await queryRows(
        db,
        sql`insert into integration_clients (client_id, name, scopes, secret_hash)
            values (${input.clientId}, ${input.name},
                    array(select jsonb_array_elements_text(${JSON.stringify(input.scopes)}::jsonb)), ${input.secretHash})
            on conflict (client_id) do update
               set secret_hash = excluded.secret_hash, secret_version = integration_clients.secret_version + 1
             where integration_clients.revoked_at is null
            returning id::text as id`,
        z.object({ id: z.string() }),
      );
      return rows.length > 0;
    },

    async touch(id: string, now: Date): Promise<void> {
      await db.execute(sql`update integration_clients set last_used_at = ${now} where id = ${id}::uuid`);
    },
  };
}
export type IntegrationClientsRepository = ReturnType<typeof integrationClientsRepository>;
