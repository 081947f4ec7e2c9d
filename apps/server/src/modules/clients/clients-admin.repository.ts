import type { GridQuery, GridResponse } from '@portal/contract/grids';
import { CLIENTS_GRID, type ClientGridRow, clientDetail, clientGridRow } from '@portal/contract/users';
import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { type Db, queryRows } from '../../db/client.ts';
import { recordEvent } from '../../db/integration-events.ts';
import { int, pgText, presenceRow } from '../../db/rows.ts';
import { runGrid } from '../../db/run-grid.ts';
import { type GridSource, gridSpec, planGrid } from '../../lib/jqgrid.sql.ts';

/** The clients grid's allow-list over `clients c`. */
export const CLIENTS_SPEC = gridSpec(
  CLIENTS_GRID,
  {
    ACCOUNTNUM: { column: sql`c.accountnum`, filterColumn: sql`(c.accountnum || '')` },
    NAME: sql`c.name`,
    ALMACEN: sql`c.store_id`,
    BOQPEDIDO: sql`c.orders_blocked`,
    BLOQTODO: sql`c.all_blocked`,
    NOMCOMERCIAL: sql`c.commercial_name`,
  },
  sql`c.accountnum`,
);

export const clientsGridSource: GridSource = {
  table: 'clients',
  alias: 'c',
  key: 'accountnum',
  scope: [],
  project: (page: SQL) => sql`
    select c.accountnum as "ACCOUNTNUM", c.name as "NAME", c.store_id as "ALMACEN", c.orders_blocked as "BOQPEDIDO",
           c.all_blocked as "BLOQTODO", c.commercial_name as "NOMCOMERCIAL"
    from ${page} c`,
};

// The client's fields as the contract's detail has them (its addresses read apart), and its home store's e-mail.
const clientRow = clientDetail.omit({ isnew: true, addresses: true }).extend({ storeEmail: z.string().nullable() });
export type ClientRow = z.infer<typeof clientRow>;

const addressRow = z.object({ id: int, label: z.string(), isdefault: z.boolean() });
const changeRequestRow = z.object({ id: int, username: z.string().nullable(), requested_at: pgText });
const textId = z.object({ id: z.string() });

export type ClientSettings = Pick<
  ClientRow,
  'almacen' | 'es_plate' | 'fr_plate' | 'it_plate' | 'pt_plate' | 'boqpedido' | 'bloqtodo'
>;
export type ClientErpData = Pick<ClientRow, 'name' | 'nomcomercial' | 'email' | 'phone'>;

export function clientsAdminRepository(db: Db) {
  return {
    grid(query: GridQuery): Promise<GridResponse<ClientGridRow>> {
      return runGrid(db, planGrid(CLIENTS_SPEC, query), clientsGridSource, clientGridRow);
    },

    async byId(accountnum: string, via: Db = db): Promise<ClientRow | null> {
      const rows = await queryRows(
        via,
        sql`select c.accountnum, c.name, c.commercial_name as nomcomercial, c.email, c.phone, c.store_id as almacen,
                   c.es_plate, c.fr_plate, c.it_plate, c.pt_plate, c.orders_blocked as boqpedido,
                   c.all_blocked as bloqtodo,
                   (select count(*)::int from users u where u.client_accountnum = c.accountnum) as users,
                   (select count(*)::int from client_change_requests r
                     where r.client_accountnum = c.accountnum and r.processed_at is null) as "pendingRequests",
                   s.notice_email as "storeEmail"
            from clients c left join stores s on s.id = c.store_id
            where c.accountnum = ${accountnum}`,
        clientRow,
      );
      return rows[0] ?? null;
    },

    addresses(accountnum: string) {
      return queryRows(
        db,
        sql`select id, name || ' · ' || street || ', ' || zipcode || ' ' || city as label, is_default as isdefault
            from client_addresses where client_accountnum = ${accountnum} order by is_default desc, id`,
        addressRow,
      );
    },

    async storeExists(id: string): Promise<boolean> {
      return (await queryRows(db, sql`select 1 from stores where id = ${id}`, presenceRow)).length > 0;
    },

    async insert(accountnum: string, erp: ClientErpData, settings: ClientSettings): Promise<void> {
      await db.execute(
        sql`insert into clients (accountnum, name, commercial_name, email, phone, store_id, es_plate, fr_plate, it_plate,
                                 pt_plate, orders_blocked, all_blocked)
            values (${accountnum}, ${erp.name}, ${erp.nomcomercial}, ${erp.email}, ${erp.phone}, ${settings.almacen},
                    ${settings.es_plate}, ${settings.fr_plate}, ${settings.it_plate}, ${settings.pt_plate},
                    ${settings.boqpedido}, ${settings.bloqtodo})`,
      );
    },

    /** The portal's own settings of a client; an e-mailed change request of its ERP data in the same transaction. */
    async update(
      accountnum: string,
      settings: ClientSettings,
      request: { changes: Record<string, { from: string | null; to: string | null }>; to: string; by: string } | null,
      mail: { subject: string; body: string } | null,
    ): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.execute(
          sql`update clients set store_id = ${settings.almacen}, es_plate = ${settings.es_plate},
                     fr_plate = ${settings.fr_plate}, it_plate = ${settings.it_plate}, pt_plate = ${settings.pt_plate},
                     orders_blocked = ${settings.boqpedido}, all_blocked = ${settings.bloqtodo}
               where accountnum = ${accountnum}`,
        );
        if (request && mail) {
          const [made] = await queryRows(
            tx,
            sql`insert into client_change_requests (client_accountnum, requested_by, changes, emailed_to)
                values (${accountnum}, ${request.by}, ${JSON.stringify(request.changes)}::jsonb, ${request.to})
                returning id::int as id, (select username from users where id = ${request.by}::uuid) as username,
                          requested_at`,
            changeRequestRow,
          );
          // The ERP hears of it too, in the same transaction (decision 0059); its fields by the ERP's names.
          await recordEvent(tx, {
            type: 'client.change_requested',
            objectKey: `client:${accountnum}`,
            payload: {
              ACCOUNTNUM: accountnum,
              REQUESTEDBY: made!.username ?? '',
              REQUESTEDAT: new Date(made!.requested_at).toISOString(),
              CHANGES: Object.fromEntries(Object.entries(request.changes).map(([k, v]) => [k.toUpperCase(), v])),
            },
          });
          await tx.execute(
            sql`insert into mail_outbox (recipient, subject, body) values (${request.to}, ${mail.subject}, ${mail.body})`,
          );
        }
      });
    },

    /** What keeps a client: users, carts, web orders and ERP documents (its history). */
    async hasHistory(accountnum: string): Promise<boolean> {
      const rows = await queryRows(
        db,
        sql`select 1 where exists (select 1 from users where client_accountnum = ${accountnum})
              or exists (select 1 from web_orders where client_accountnum = ${accountnum})
              or exists (select 1 from erp_sales_orders where client_accountnum = ${accountnum})
              or exists (select 1 from erp_packing_slips where client_accountnum = ${accountnum})
              or exists (select 1 from erp_invoices where client_accountnum = ${accountnum})`,
        presenceRow,
      );
      return rows.length > 0;
    },

    async remove(accountnum: string): Promise<boolean> {
      const rows = await queryRows(
        db,
        sql`delete from clients where accountnum = ${accountnum} returning accountnum`,
        presenceRow,
      );
      return rows.length > 0;
    },

    /** Type 0: every session of every user of the client ends at once (tokens and refresh tokens). */
    async endSessions(accountnum: string, now: Date): Promise<number> {
      return db.transaction(async (tx) => {
        const rows = await queryRows(
          tx,
          sql`update users set token_version = token_version + 1, token_created = null
               where client_accountnum = ${accountnum} returning id::text`,
          textId,
        );
        await tx.execute(
          sql`update refresh_tokens set revoked_at = ${now.toISOString()}
               where revoked_at is null and user_id in (select id from users where client_accountnum = ${accountnum})`,
        );
        return rows.length;
      });
    },

    /** Type 1 (invoices): every unspent invoice download link of the client's users is spent (decision 0032). */
    async endInvoiceLinks(accountnum: string, now: Date): Promise<number> {
      const rows = await queryRows(
        db,
        sql`update document_logs set downloaded_at = ${now.toISOString()}
             where client_id = ${accountnum} and document_type = 3 and downloaded_at is null returning id`,
        presenceRow,
      );
      return rows.length;
    },
  };
}
export type ClientsAdminRepository = ReturnType<typeof clientsAdminRepository>;
