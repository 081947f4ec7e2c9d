import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../client.ts';
import { idRow } from '../rows.ts';

/**
 * Demo data of the commercial rules (issue 16; decisions 0041-0043). The checkout seed already put stock
 * messages between most pairs of stores; here some pairs are made certain (the journeys and tests rely on them):
 * Valladolid → Málaga has none (an admin adds it), Valladolid → Madrid has one, and one message is inactive.
 * Payment methods per client (decision 0042): a prompt-payment transfer with a 2 % discount offered to C00003 alone,
 * a card with a 1,5 % surcharge offered to C00004 alone; the demo accounts' clients keep the general methods.
 */
export async function seedRules(db: Db): Promise<void> {
  await db.execute(sql`delete from stock_messages where origin_store_id = 'VLL01' and destination_store_id = 'AGP01'`);
  await db.execute(sql`insert into stock_messages (origin_store_id, destination_store_id, message)
    values ('VLL01', 'MAD01', 'Los artículos servidos desde Almacén Valladolid llegan a Almacén Madrid Sur en 24 h laborables.')
    on conflict (origin_store_id, destination_store_id) do nothing`);
  await db.execute(sql`insert into stock_messages (origin_store_id, destination_store_id, message, active)
    values ('AGP01', 'BIO01', 'Los envíos de Almacén Málaga a Almacén Bilbao salen los martes y jueves.', false)
    on conflict (origin_store_id, destination_store_id) do update set active = false, message = excluded.message`);
  const own = [
    ['C00003', 'Transferencia pronto pago', 'Transferencia en 8 días: 2 % de descuento sobre la base', 0, 0, 2, 200],
    ['C00004', 'Tarjeta con recargo', 'Pago con tarjeta por TPV: 1,5 % de recargo sobre la base', 1, 2, 1, 150],
  ] as const;
  for (const [client, name, description, form, channel, calcType, bp] of own) {
    const [row] = await queryRows(
      db,
      sql`insert into payment_methods (name, description, forma_pago_cod, canal_pago_cod, calc_type, calc_percent_bp,
                                       client_accountnum)
          select ${name}, ${description}, ${form}, ${channel}, ${calcType}, ${bp}, accountnum
            from clients where accountnum = ${client} returning id`,
      idRow,
    );
    if (row) {
      await db.execute(sql`insert into client_payment_methods (client_accountnum, payment_method_id)
        values (${client}, ${row.id})`);
    }
  }
}
