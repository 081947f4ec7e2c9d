import { DEFAULT_LANGUAGE } from '@portal/contract/constants';
import type { GridQuery, GridResponse } from '@portal/contract/grids';
import { USERS_GRID, type UserGridRow, userGridRow } from '@portal/contract/users';
import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { type Db, queryRows } from '../../db/client.ts';
import { int, presenceRow } from '../../db/rows.ts';
import { runGrid } from '../../db/run-grid.ts';
import { type GridSource, gridSpec, planGrid } from '../../lib/jqgrid.sql.ts';
import { isoTimestamp } from '../../lib/sql-format.sql.ts';

/** The users grid's allow-list over `users u` (client_id: equality only, checked by the service). */
export const USERS_SPEC = gridSpec(
  USERS_GRID,
  { username: sql`u.username`, client_id: sql`u.client_accountnum` },
  sql`u.id`,
);

const rankSql = (alias: string) =>
  sql.raw(`case
  when exists (select 1 from user_roles r where r.user_id = ${alias}.id and r.role_name = 'admin') then 2
  when exists (select 1 from user_roles r where r.user_id = ${alias}.id and r.role_name = 'clientadmin') then 1
  else 0 end`);

export const usersGridSource = (clientId: string | null): GridSource => ({
  table: 'users',
  alias: 'u',
  key: 'id',
  scope: [clientId === null ? undefined : sql`u.client_accountnum = ${clientId}`],
  project: (page: SQL) => sql`
    select u.id::text as id, u.username, u.client_accountnum as client_id, u.email, u.banned as lockoutenabled,
           ${rankSql('u')} as rank
    from ${page} u`,
});

const userRow = z.object({
  id: z.string(),
  username: z.string(),
  email: z.string().nullable(),
  cliente_id: z.string().nullable(),
  clientName: z.string().nullable(),
  image_id: int.nullable(),
  image_hash: z.string().nullable(),
  lockoutenabled: z.boolean(),
  tokencreated: z.string().nullable(),
  addressdefault_recid: int.nullable(),
  language: z.string(),
  language_chosen: z.boolean(),
  rank: int,
  roles: z.array(z.string()),
  hasPassword: z.boolean(),
});
export type UserRow = z.infer<typeof userRow>;
const textId = z.object({ id: z.string() });
const roleRow = z.object({ nombre: z.string(), descripcion: z.string(), sw_checked: z.boolean() });
const storeRow = z.object({
  INVENTLOCATIONID: z.string(),
  NAME: z.string(),
  selected: z.boolean(),
  position: int.nullable(),
});
const addressRow = z.object({ id: int, name: z.string(), street: z.string(), zipcode: z.string(), city: z.string() });

export type UserWrite = {
  username: string;
  email: string | null;
  clientId: string;
  imageId: number | null;
  addressId: number | null;
  language: string;
};

export function usersAdminRepository(db: Db) {
  return {
    grid(query: GridQuery, clientId: string | null): Promise<GridResponse<UserGridRow>> {
      return runGrid(db, planGrid(USERS_SPEC, query), usersGridSource(clientId), userGridRow);
    },

    async byId(id: string, via: Db = db): Promise<UserRow | null> {
      const rows = await queryRows(
        via,
        sql`select u.id::text as id, u.username, u.email, u.client_accountnum as cliente_id, c.name as "clientName",
                   u.image_id, i.content_hash as image_hash, u.banned as lockoutenabled,
                   ${isoTimestamp(sql`u.token_created`)} as tokencreated, u.address_default_id as addressdefault_recid,
                   u.language, u.language_chosen, ${rankSql('u')} as rank, u.password_hash <> '' as "hasPassword",
                   coalesce((select array_agg(r.role_name) from user_roles r where r.user_id = u.id), '{}') as roles
            from users u
            left join clients c on c.accountnum = u.client_accountnum
            left join images i on i.id = u.image_id
            where u.id = ${id}`,
        userRow,
      );
      return rows[0] ?? null;
    },

    async usernameTaken(username: string, exceptId: string | null, via: Db = db): Promise<boolean> {
      const rows = await queryRows(
        via,
        sql`select id::text from users where lower(username) = lower(${username})
             ${exceptId ? sql`and id <> ${exceptId}` : sql``} limit 1`,
        textId,
      );
      return rows.length > 0;
    },

    async clientExists(accountnum: string, via: Db = db): Promise<boolean> {
      const rows = await queryRows(via, sql`select 1 from clients where accountnum = ${accountnum}`, presenceRow);
      return rows.length > 0;
    },

    async addressOfClient(addressId: number, clientId: string, via: Db = db): Promise<boolean> {
      const rows = await queryRows(
        via,
        sql`select 1 from client_addresses where id = ${addressId} and client_accountnum = ${clientId}`,
        presenceRow,
      );
      return rows.length > 0;
    },

    async imageExists(imageId: number, via: Db = db): Promise<boolean> {
      const rows = await queryRows(via, sql`select 1 from images where id = ${imageId}`, presenceRow);
      return rows.length > 0;
    },

    /**
     * A new user without a password: '' verifies against nothing until the set-password link is used (0031). Its
     * language counts as chosen when the admin gave one other than the default 'es' (migration 0053, decision 0092).
     */
    async insert(via: Db, u: UserWrite): Promise<string> {
      const rows = await queryRows(
        via,
        sql`insert into users (username, email, password_hash, client_accountnum, image_id, address_default_id, language,
                               language_chosen)
            values (${u.username}, ${u.email}, '', ${u.clientId}, ${u.imageId}, ${u.addressId}, ${u.language},
                    ${u.language !== DEFAULT_LANGUAGE})
            returning id::text`,
        textId,
      );
      return rows[0]!.id;
    },

    /** An admin's edit: the language counts as chosen once the admin changes it (the right side reads the old row). */
    async update(via: Db, id: string, u: UserWrite): Promise<void> {
      await via.execute(
        sql`update users set username = ${u.username}, email = ${u.email}, client_accountnum = ${u.clientId},
                   image_id = ${u.imageId}, address_default_id = ${u.addressId}, language = ${u.language},
                   language_chosen = language_chosen or language <> ${u.language}
             where id = ${id}`,
      );
    },

    /**
     * The profile's save: a language saved is the user's choice (migration 0053); none given keeps the language and
     * whether it was chosen (a save that only changes the password or the picture).
     */
    async updateOwn(id: string, imageId: number | null, addressId: number | null, language?: string, hash?: string) {
      await db.execute(
        sql`update users set image_id = ${imageId}, address_default_id = ${addressId}
                   ${language ? sql`, language = ${language}, language_chosen = true` : sql``}
                   ${hash ? sql`, password_hash = ${hash}` : sql``}
             where id = ${id}`,
      );
    },

    async passwordHash(id: string): Promise<string | null> {
      const rows = await queryRows(
        db,
        sql`select password_hash as h from users where id = ${id}`,
        z.object({ h: z.string() }),
      );
      return rows[0]?.h || null;
    },

    /** What keeps a user: web orders placed (their history) make the delete a refusal. */
    async hasHistory(id: string): Promise<boolean> {
      const rows = await queryRows(db, sql`select 1 from web_orders where user_id = ${id} limit 1`, presenceRow);
      return rows.length > 0;
    },

    async remove(id: string): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.execute(sql`delete from carts where user_id = ${id}`);
        await tx.execute(sql`delete from users where id = ${id}`);
      });
    },

    /** Every role, its text in the language (dictionary ROLE_<name>, else its description), held or not. */
    roles(id: string, lang: string) {
      return queryRows(
        db,
        sql`select r.name as nombre, coalesce(d.value, r.description) as descripcion,
                   exists (select 1 from user_roles ur where ur.user_id = ${id} and ur.role_name = r.name) as sw_checked
            from roles r
            left join dictionary_entries d on d.lang = ${lang} and d.key = 'ROLE_' || r.name
            order by r.name`,
        roleRow,
      );
    },

    async roleNames(): Promise<string[]> {
      const rows = await queryRows(db, sql`select name from roles`, z.object({ name: z.string() }));
      return rows.map((r) => r.name);
    },

    async setRoles(id: string, grant: string[], revoke: string[]): Promise<void> {
      await db.transaction(async (tx) => {
        if (revoke.length > 0) {
          await tx.execute(
            sql`delete from user_roles where user_id = ${id} and role_name in (${sql.join(
              revoke.map((r) => sql`${r}`),
              sql`, `,
            )})`,
          );
        }
        for (const role of grant) {
          await tx.execute(
            sql`insert into user_roles (user_id, role_name) values (${id}, ${role}) on conflict do nothing`,
          );
        }
      });
    },

    stores(id: string) {
      return queryRows(
        db,
        sql`select s.id as "INVENTLOCATIONID", s.name as "NAME", us.store_id is not null as selected,
                   us.position::int as position
            from stores s left join user_stores us on us.store_id = s.id and us.user_id = ${id}
            order by us.position nulls last, s.name`,
        storeRow,
      );
    },

    async storeIds(): Promise<string[]> {
      const rows = await queryRows(db, sql`select id from stores`, textId);
      return rows.map((r) => r.id);
    },

    async setStores(id: string, storeIds: string[]): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.execute(sql`delete from user_stores where user_id = ${id}`);
        for (const [position, storeId] of storeIds.entries()) {
          await tx.execute(
            sql`insert into user_stores (user_id, store_id, position) values (${id}, ${storeId}, ${position})`,
          );
        }
      });
    },

    addresses(clientId: string) {
      return queryRows(
        db,
        sql`select id, name, street, zipcode, city from client_addresses
             where client_accountnum = ${clientId} order by is_default desc, id`,
        addressRow,
      );
    },

    /** The user name as stored of the user who has this one, whatever its case (create-admin), or null. */
    async holderOfUsername(username: string): Promise<string | null> {
      const [taken] = await queryRows(
        db,
        sql`select username from users where lower(username) = lower(${username}) limit 1`,
        z.object({ username: z.string() }),
      );
      return taken?.username ?? null;
    },

    /** The house account (create-admin; a production database starts empty), made when missing. */
    async ensureHouseAccount(accountnum: string, name: string): Promise<void> {
      await db.execute(
        sql`insert into clients (accountnum, name) values (${accountnum}, ${name}) on conflict (accountnum) do nothing`,
      );
    },
  };
}
export type UsersAdminRepository = ReturnType<typeof usersAdminRepository>;
