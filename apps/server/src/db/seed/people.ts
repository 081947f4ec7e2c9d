import { RANK, ROLES } from '@portal/contract/constants';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { hashPassword } from '../../lib/password-hash.ts';
import { type Db, queryRows } from '../client.ts';
import { idRow } from '../rows.ts';
import { getSetting, setSetting } from '../settings.ts';
import { DEMO_PASSWORD } from './foundation.ts';
import type { Rng } from './prng.ts';

/** A client whose every user is refused at sign-in (BLOQTODO), with a user of its own: the blocked case. */
export const BLOCKED_CLIENT = 'C90001';

type PersonSeed = {
  username: string;
  client: string;
  roles: string[];
  banned?: boolean;
  stores?: string[];
  language?: string;
};

/**
 * The demo people (issue 14): several users per client across ranks and roles, a banned user, a blocked client,
 * store assignments; every one signs in with demo1234. Deterministic: names come from the account numbers.
 */
const FIRST_NAMES = ['ana', 'luis', 'marta', 'jorge', 'elena', 'pablo', 'rosa', 'ivan', 'sara', 'diego'];

export async function seedPeople(db: Db, rng: Rng, scale: 'demo' | 'large'): Promise<void> {
  const hash = await hashPassword(DEMO_PASSWORD);
  const stores = (await queryRows(db, sql`select id from stores order by id`, textIdRow)).map((s) => s.id);
  const clients = await queryRows(
    db,
    sql`select accountnum, store_id from clients where accountnum > 'C00002' and accountnum like 'C0%'
           order by accountnum limit 18`,
    z.object({ accountnum: z.string(), store_id: z.string().nullable() }),
  );

  const people: PersonSeed[] = [
    // Client C00001 (clientadmin's and buyer's): a shop assistant working with two stores, and a banned user.
    { username: 'taller.ana', client: 'C00001', roles: [ROLES.buy], stores: [stores[1]!, stores[0]!] },
    { username: 'taller.baja', client: 'C00001', roles: [ROLES.buy], banned: true },
    { username: 'taller.consulta', client: 'C00001', roles: [], language: 'pt' },
    // Client C00002: its own client admin.
    { username: 'c2admin', client: 'C00002', roles: [ROLES.clientadmin, ROLES.buy] },
    { username: 'bloqueado', client: BLOCKED_CLIENT, roles: [ROLES.buy] },
  ];
  for (const client of clients) {
    const count = rng.int(1, 4);
    for (let i = 0; i < count; i++) {
      const name = FIRST_NAMES[(i + Number(client.accountnum.slice(1))) % FIRST_NAMES.length]!;
      const roles =
        i === 0 ? [ROLES.clientadmin, ROLES.buy] : rng.chance(0.6) ? [ROLES.buy, ROLES.searchplate] : [ROLES.buy];
      people.push({
        username: `${client.accountnum.toLowerCase()}.${name}`,
        client: client.accountnum,
        roles,
        banned: i > 0 && rng.chance(0.1),
        stores: rng.chance(0.5) && client.store_id ? [client.store_id, rng.pick(stores)].filter(uniq) : undefined,
      });
    }
  }

  await db.execute(sql`insert into clients (accountnum, name, commercial_name, store_id, all_blocked, email)
    values (${BLOCKED_CLIENT}, 'Recambios Bloqueados, S.L.', 'Recambios Bloqueados', ${stores[0]!}, true,
            'c90001@clientes.example')`);

  for (const p of people) {
    const [row] = await queryRows(
      db,
      // A language given here is the demo user's choice (taller.consulta reads Portuguese); the others chose none
      // (migration 0053): they sign in reading the screen's language.
      sql`insert into users (username, email, password_hash, client_accountnum, banned, language, language_chosen)
          values (${p.username}, ${`${p.username}@demo.example`}, ${hash}, ${p.client}, ${p.banned ?? false},
                  ${p.language ?? 'es'}, ${p.language !== undefined})
          returning id::text`,
      textIdRow,
    );
    for (const role of p.roles) {
      await db.execute(sql`insert into user_roles (user_id, role_name) values (${row!.id}, ${role})`);
    }
    for (const [position, store] of (p.stores ?? []).entries()) {
      await db.execute(
        sql`insert into user_stores (user_id, store_id, position) values (${row!.id}, ${store}, ${position})`,
      );
    }
  }

  // Client admins reach their users' screens from the side menu (admins have them under Settings).
  await db.execute(sql`insert into nav_menu_items (parent_id, position, title, icon, sref, min_rank, required_role)
    values (null, 100, 'MENU_MyUsers', 'TeamOutlined', '/setting/user', ${RANK.clientAdmin}, ${ROLES.clientadmin})`);

  if (scale === 'large') await seedPeopleAtScale(db);
}

const textIdRow = z.object({ id: z.string() });
const uniq = <T>(v: T, i: number, all: T[]) => all.indexOf(v) === i;

/** Large scale: 20,000 clients in all and 50,000 users over them (no password: they never sign in). */
export async function seedPeopleAtScale(db: Db): Promise<void> {
  await db.execute(sql`
    insert into clients (accountnum, name, commercial_name, store_id, orders_blocked, all_blocked, es_plate)
    select 'L' || lpad(n::text, 6, '0'),
           (array['Talleres','Recambios','Autos','Neumáticos','Electricidad'])[1 + n % 5] || ' ' ||
             (array['Martín','López','Sanz','Ruiz','Gómez','Díaz','Vidal','Romero'])[1 + n % 8] || ' ' || n || ', S.L.',
           (array['Talleres','Recambios','Autos','Neumáticos','Electricidad'])[1 + n % 5] || ' ' ||
             (array['Martín','López','Sanz','Ruiz','Gómez','Díaz','Vidal','Romero'])[1 + n % 8],
           (select id from stores order by id offset (n % (select count(*) from stores)) limit 1),
           n % 37 = 0, n % 101 = 0, n % 2 = 0
    from generate_series(1, 20000 - (select count(*)::int from clients)) n`);
  await db.execute(sql`
    with c as (select accountnum, row_number() over (order by accountnum) - 1 as i from clients),
         total as (select count(*) as n from clients)
    insert into users (username, email, password_hash, client_accountnum, banned)
    select 'user' || lpad(g::text, 6, '0'), 'user' || g || '@large.example', '', c.accountnum, g % 97 = 0
    from generate_series(1, 50000 - (select count(*)::int from users)) g
    join c on c.i = g % (select n from total)`);
}

/** Gives some demo users a picture of the gallery, once the gallery's demo images exist (seed-cli, server start). */
export async function attachDemoUserPictures(db: Db): Promise<boolean> {
  if (await getSetting(db, 'seed.people.pictures')) return false;
  const images = await queryRows(db, sql`select id from images order by id limit 5`, idRow);
  if (images.length === 0) return false;
  const names = ['clientadmin', 'buyer', 'taller.ana', 'c2admin', 'buyer2'];
  for (const [i, name] of names.entries()) {
    await db.execute(sql`update users set image_id = ${images[i % images.length]!.id} where username = ${name}`);
  }
  await setSetting(db, 'seed.people.pictures', '1');
  return true;
}
