import { ROLES } from '@portal/contract/constants';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { hashPassword } from '../../lib/password-hash.ts';
import { type Db, queryRows } from '../client.ts';
import { idRow } from '../rows.ts';
import { DEMO_PASSWORD, HOUSE_ACCOUNT, STORE_SEEDS } from './foundation.ts';
import type { Rng } from './prng.ts';

/**
 * Delivery modes of the distributor (DLVMODE codes and names as the ERP has them), with the names admins gave them
 * in Portuguese, English and French (decision 0091; Spanish reads the ERP's).
 */
export const DELIVERY_MODES = [
  {
    id: 'RUTA',
    name: 'Reparto en ruta propia',
    names: { pt: 'Entrega na nossa rota', en: 'Our own delivery route', fr: 'Livraison par notre tournée' },
    pickup: false,
    carrier: false,
    sort: 1,
  },
  {
    id: 'MENSAJ24',
    name: 'Mensajería 24 h',
    names: { pt: 'Transportadora 24 h', en: '24-hour courier', fr: 'Messagerie 24 h' },
    pickup: false,
    carrier: true,
    sort: 2,
  },
  {
    id: 'URGENTE',
    name: 'Mensajería urgente (antes de las 14 h)',
    names: {
      pt: 'Transportadora urgente (antes das 14 h)',
      en: 'Express courier (before 2 pm)',
      fr: 'Messagerie express (avant 14 h)',
    },
    pickup: false,
    carrier: true,
    sort: 3,
  },
  {
    id: 'RECOGE',
    name: 'Recoge el cliente en el almacén',
    names: { pt: 'Levantamento no armazém', en: 'Collected at the store', fr: 'Retrait au dépôt' },
    pickup: true,
    carrier: false,
    sort: 4,
  },
] as const;

export const PAYMENT_METHODS = [
  {
    name: 'Recibo domiciliado a 30 días',
    names: { pt: 'Débito direto a 30 dias', en: 'Direct debit at 30 days', fr: 'Prélèvement à 30 jours' },
    description: 'Cargo en la cuenta del cliente',
    forma: 0,
    canal: 0,
  },
  {
    name: 'Contado / contra reembolso',
    names: {
      pt: 'Pronto pagamento / à cobrança',
      en: 'Cash / cash on delivery',
      fr: 'Comptant / contre remboursement',
    },
    description: 'Pago a la entrega',
    forma: 0,
    canal: 0,
  },
  {
    name: 'Tarjeta (pasarela segura)',
    names: { pt: 'Cartão (pagamento seguro)', en: 'Card (secure payment page)', fr: 'Carte (paiement sécurisé)' },
    description: 'Pago con tarjeta en la página segura del banco',
    forma: 1,
    canal: 2,
  },
] as const;

/**
 * Delivery modes, payment methods and stock messages; every client may pay by card. Also `comercial`, a
 * staff member who takes orders for clients (in the third brand the header chooses the client).
 */
export async function seedCheckout(db: Db, rng: Rng) {
  const [staff] = await queryRows(
    db,
    sql`insert into users (username, email, password_hash, client_accountnum)
        values ('comercial', 'comercial@recambia.example', ${await hashPassword(DEMO_PASSWORD)}, ${HOUSE_ACCOUNT})
        on conflict do nothing returning id`,
    z.object({ id: z.string() }),
  );
  if (staff) {
    await db.execute(sql`insert into user_roles (user_id, role_name)
      values (${staff.id}, ${ROLES.admin}), (${staff.id}, ${ROLES.buy})`);
  }
  for (const m of DELIVERY_MODES) {
    await db.execute(sql`insert into delivery_modes (id, name, name_i18n, pickup, carrier, sort)
      values (${m.id}, ${m.name}, ${JSON.stringify(m.names)}::jsonb, ${m.pickup}, ${m.carrier}, ${m.sort})
      on conflict (id) do nothing`);
  }
  for (const s of STORE_SEEDS) {
    // Every store has its own route and pickup; the carriers serve most of them.
    const modes = ['RUTA', 'RECOGE', 'MENSAJ24', ...(rng.chance(0.6) ? ['URGENTE'] : [])];
    for (const mode of modes) {
      await db.execute(sql`insert into store_delivery_modes (store_id, mode_id, is_default)
        values (${s.id}, ${mode}, ${mode === 'RUTA'}) on conflict do nothing`);
    }
  }
  const ids: number[] = [];
  for (const p of PAYMENT_METHODS) {
    const [row] = await queryRows(
      db,
      sql`insert into payment_methods (name, name_i18n, description, forma_pago_cod, canal_pago_cod)
        values (${p.name}, ${JSON.stringify(p.names)}::jsonb, ${p.description}, ${p.forma}, ${p.canal}) returning id`,
      idRow,
    );
    ids.push(row!.id);
  }
  const [credit, cash, card] = ids as [number, number, number];
  // Most clients have credit (their default); a few pay cash on delivery by default; all may use a card.
  await db.execute(sql`insert into client_payment_methods (client_accountnum, payment_method_id, is_default)
    select accountnum, ${credit}, (accountnum = 'C00001' or abs(hashtext(accountnum)) % 5 <> 0)
      from clients where not is_work_zone`);
  await db.execute(sql`insert into client_payment_methods (client_accountnum, payment_method_id, is_default)
    select accountnum, ${cash}, (accountnum <> 'C00001' and abs(hashtext(accountnum)) % 5 = 0)
      from clients where not is_work_zone`);
  await db.execute(sql`insert into client_payment_methods (client_accountnum, payment_method_id, is_default)
    select accountnum, ${card}, false from clients where not is_work_zone`);

  // Transfers between stores take time: the stores tell the customers how long.
  const days: Record<string, number> = { BCN01: 2, VLC01: 1, SVQ01: 2, ZAZ01: 1, BIO01: 2, AGP01: 2, VLL01: 1 };
  for (const origin of STORE_SEEDS) {
    for (const destination of STORE_SEEDS) {
      if (origin.id === destination.id || !rng.chance(0.7)) continue;
      const n = days[origin.id] ?? 1;
      const text = `Los artículos servidos desde ${origin.name} llegan a ${destination.name} en ${n === 1 ? '24' : '48'} h laborables.`;
      await db.execute(sql`insert into stock_messages (origin_store_id, destination_store_id, message)
        values (${origin.id}, ${destination.id}, ${text}) on conflict do nothing`);
    }
  }
}
