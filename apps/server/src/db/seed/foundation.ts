import { ROLES } from '@portal/contract/constants';
import { hashPassword } from '../../lib/password-hash.ts';
import type { Db } from '../client.ts';
import { clientAddresses, clients, roles, stores, userRoles, users } from '../schema/schema.ts';
import { BUSINESS_KINDS, BUSINESS_NAMES, CITIES, LEGAL_FORMS, STREETS } from './places.ts';
import type { Rng } from './prng.ts';

export const DEMO_PASSWORD = 'demo1234';
export const HOUSE_ACCOUNT = 'C00000';

export const STORE_SEEDS = [
  { id: 'MAD01', cityIndex: 0, name: 'Almacén Madrid Sur' },
  { id: 'BCN01', cityIndex: 1, name: 'Almacén Barcelona' },
  { id: 'VLC01', cityIndex: 2, name: 'Almacén Valencia' },
  { id: 'SVQ01', cityIndex: 3, name: 'Almacén Sevilla' },
  { id: 'ZAZ01', cityIndex: 4, name: 'Almacén Zaragoza' },
  { id: 'BIO01', cityIndex: 5, name: 'Almacén Bilbao' },
  { id: 'AGP01', cityIndex: 6, name: 'Almacén Málaga' },
  { id: 'VLL01', cityIndex: 7, name: 'Almacén Valladolid' },
] as const;

export const WORK_ZONES = [
  { accountnum: 'Z0001', name: 'Zona Centro' },
  { accountnum: 'Z0002', name: 'Zona Norte' },
  { accountnum: 'Z0003', name: 'Zona Este' },
  { accountnum: 'Z0004', name: 'Zona Sur' },
] as const;

/** The roles the portal's rules name (rank and permissions; the ERP brings none): the demo's, and create-admin's. */
export const ROLE_SEEDS = [
  { name: ROLES.admin, description: 'Administración general del portal' },
  { name: ROLES.clientadmin, description: 'Administrador de su cliente' },
  { name: ROLES.searchplate, description: 'Búsqueda por matrícula' },
  { name: ROLES.cartFinishedOnlyByDataDefault, description: 'Finaliza el carrito solo con los datos por defecto' },
  { name: ROLES.buy, description: 'Puede comprar (permitirCompras)' },
];

/**
 * A client's tax treatment (docs/decisions/0019), from its number alone so that no random draw moves: the demo
 * account clients C00001 and C00002 are Spanish; C00005 is the one intra-community client, exempt; of the others,
 * numbers ending in 3 are Portuguese, in 4 French, the rest Spanish.
 */
export const INTRA_COMMUNITY_ACCOUNT = 'C00005';
export function taxTreatmentOf(i: number): { country: string; vatRateBp: number; vatExemptReason: string | null } {
  if (i === 5)
    return { country: 'IT', vatRateBp: 0, vatExemptReason: 'Entrega intracomunitaria exenta (art. 25 LIVA)' };
  if (i > 2 && i % 10 === 3) return { country: 'PT', vatRateBp: 2300, vatExemptReason: null };
  if (i > 2 && i % 10 === 4) return { country: 'FR', vatRateBp: 2000, vatExemptReason: null };
  return { country: 'ES', vatRateBp: 2100, vatExemptReason: null };
}

const nearby = (rng: Rng, value: number) => Number((value + (rng.next() - 0.5) * 0.08).toFixed(6));
const zip = (rng: Rng, prefix: string) => `${prefix}${String(rng.int(1, 999)).padStart(3, '0')}`;

export async function seedFoundation(db: Db, rng: Rng, clientCount: number) {
  await db.insert(roles).values(ROLE_SEEDS);

  await db.insert(stores).values(
    STORE_SEEDS.map((s) => {
      const c = CITIES[s.cityIndex]!;
      return {
        id: s.id,
        name: s.name,
        street: `${rng.pick(STREETS)}, ${rng.int(1, 120)}`,
        city: c.city,
        zipcode: zip(rng, c.zip),
        province: c.province,
        latitude: String(nearby(rng, c.lat)),
        longitude: String(nearby(rng, c.lng)),
        phone: `+34 9${rng.int(10, 99)} ${rng.int(100, 999)} ${rng.int(100, 999)}`,
        noticeEmail: `pedidos.${s.id.toLowerCase()}@recambia.example`,
        returnEmail: `devoluciones.${s.id.toLowerCase()}@recambia.example`,
      };
    }),
  );

  const clientRows: (typeof clients.$inferInsert)[] = [
    {
      accountnum: HOUSE_ACCOUNT,
      name: 'Recambia Distribución (cuenta interna)',
      storeId: 'ZAZ01',
      email: 'admin@recambia.example',
    },
    ...WORK_ZONES.map((z) => ({ accountnum: z.accountnum, name: z.name, isWorkZone: true })),
  ];
  const addressRows: (typeof clientAddresses.$inferInsert)[] = [];
  for (let i = 1; i <= clientCount; i++) {
    const accountnum = `C${String(i).padStart(5, '0')}`;
    const c = i === 1 ? CITIES[0] : rng.pick(CITIES);
    const store = STORE_SEEDS.find((s) => s.cityIndex === CITIES.indexOf(c)) ?? rng.pick(STORE_SEEDS);
    const trade = i === 1 ? 'Talleres' : rng.pick(BUSINESS_KINDS);
    const family = i === 1 ? 'Hermanos García' : rng.pick(BUSINESS_NAMES);
    const name = `${trade} ${family}, ${i === 1 ? 'S.L.' : rng.pick(LEGAL_FORMS)}`;
    clientRows.push({
      accountnum,
      name,
      commercialName: `${trade} ${family}`,
      taxId: `B${String(rng.int(10000000, 99999999))}`,
      email: `${accountnum.toLowerCase()}@clientes.example`,
      phone: `+34 6${rng.int(10, 99)} ${rng.int(100, 999)} ${rng.int(100, 999)}`,
      storeId: store.id,
      esPlate: i <= 2 || rng.chance(0.5),
      ptPlate: rng.chance(0.2),
      frPlate: rng.chance(0.15),
      itPlate: rng.chance(0.1),
      ordersBlocked: i > 2 && rng.chance(0.04),
      ...taxTreatmentOf(i),
    });
    const count = i <= 2 ? 3 : rng.int(1, 3);
    for (let a = 0; a < count; a++) {
      const city = a === 0 ? c : rng.pick(CITIES);
      addressRows.push({
        clientAccountnum: accountnum,
        name: a === 0 ? `${trade} ${family} (sede)` : `${trade} ${family} - ${city.city}`,
        street: `${rng.pick(STREETS)}, ${rng.int(1, 200)}`,
        city: city.city,
        zipcode: zip(rng, city.zip),
        country: 'ES',
        isDefault: a === 0,
      });
    }
  }
  await db.insert(clients).values(clientRows);
  await db.insert(clientAddresses).values(addressRows);

  const hash = await hashPassword(DEMO_PASSWORD);
  const demoUsers = [
    { username: 'admin', client: HOUSE_ACCOUNT, roles: [ROLES.admin] },
    { username: 'clientadmin', client: 'C00001', roles: [ROLES.clientadmin, ROLES.buy] },
    { username: 'buyer', client: 'C00001', roles: [ROLES.buy, ROLES.searchplate] },
    { username: 'buyer2', client: 'C00002', roles: [ROLES.buy] },
  ];
  for (const u of demoUsers) {
    const inserted = await db
      .insert(users)
      .values({
        username: u.username,
        email: `${u.username}@demo.example`,
        passwordHash: hash,
        clientAccountnum: u.client,
      })
      .returning({ id: users.id });
    await db.insert(userRoles).values(u.roles.map((roleName) => ({ userId: inserted[0]!.id, roleName })));
  }
}
