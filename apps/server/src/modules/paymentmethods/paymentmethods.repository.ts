import type { GridQuery, GridResponse } from '@portal/contract/grids';
import {
  PAYMENT_METHODS_GRID,
  type PaymentMethod,
  type PutPaymentMethodData,
  paymentMethod,
} from '@portal/contract/paymentmethods';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import { idRow, presenceRow } from '../../db/rows.ts';
import { runGrid } from '../../db/run-grid.ts';
import { gridSpec, planGrid } from '../../lib/jqgrid.sql.ts';

export const PAYMENT_METHODS_SPEC = gridSpec(
  PAYMENT_METHODS_GRID,
  {
    Id_Tarjeta: { column: sql`p.id`, integer: true },
    Nombre: sql`p.name`,
    Descripcion: sql`p.description`,
    Forma_Pago_Cod: { column: sql`p.forma_pago_cod`, integer: true },
    Canal_Pago_Cod: { column: sql`p.canal_pago_cod`, integer: true },
    NOSYNC_PaymentmethodCalcType: { column: sql`p.calc_type`, integer: true },
    SW_Activo: sql`p.active`,
    Cliente_Id: sql`p.client_accountnum`,
  },
  sql`p.id`,
);

const project = (from: SQL) => sql`
  select p.id as "Id_Tarjeta", p.name as "Nombre", p.description as "Descripcion",
         p.forma_pago_cod as "Forma_Pago_Cod", p.canal_pago_cod as "Canal_Pago_Cod",
         p.calc_type as "NOSYNC_PaymentmethodCalcType", (p.calc_percent_bp / 100.0)::float8 as "Porcentaje",
         p.active as "SW_Activo", p.client_accountnum as "Cliente_Id", c.name as "Cliente_Nombre",
         p.name_i18n as "NAMES"
    from ${from} p left join clients c on c.accountnum = p.client_accountnum`;

/** Payment methods as admins keep them (decision 0042). */
export function paymentMethodsRepository(db: Db) {
  return {
    grid(query: GridQuery): Promise<GridResponse<PaymentMethod>> {
      const plan = planGrid(PAYMENT_METHODS_SPEC, query);
      return runGrid(db, plan, { table: 'payment_methods', alias: 'p', key: 'id', scope: [], project }, paymentMethod);
    },

    async get(id: number): Promise<PaymentMethod | null> {
      const rows = await queryRows(db, sql`${project(sql`payment_methods`)} where p.id = ${id}`, paymentMethod);
      return rows[0] ?? null;
    },

    async clientExists(accountnum: string): Promise<boolean> {
      return (await queryRows(db, sql`select 1 from clients where accountnum = ${accountnum}`, presenceRow)).length > 0;
    },

    /**
     * Creates a method (offered to `c_id` alone, or to every client) or changes one; null when the id is unknown.
     * A checkout already prepared or paid keeps its own copy of the method (its snapshot): nothing here moves it.
     */
    async save(v: PutPaymentMethodData): Promise<number | null> {
      // The names by language (decision 0091): left out, a change keeps them and a new method has none.
      const names = v.NAMES === undefined ? null : JSON.stringify(v.NAMES);
      return db.transaction(async (tx) => {
        if (v.Id_Tarjeta > 0) {
          const rows = await queryRows(
            tx,
            sql`update payment_methods set name = ${v.Nombre}, description = ${v.Descripcion},
                       forma_pago_cod = ${v.Forma_Pago_Cod}, canal_pago_cod = ${v.Canal_Pago_Cod},
                       calc_type = ${v.NOSYNC_PaymentmethodCalcType}, calc_percent_bp = ${v.percentBp},
                       active = ${v.SW_Activo}, name_i18n = coalesce(${names}::jsonb, name_i18n)
                 where id = ${v.Id_Tarjeta} returning id`,
            idRow,
          );
          return rows[0]?.id ?? null;
        }
        const [row] = await queryRows(
          tx,
          sql`insert into payment_methods (name, description, forma_pago_cod, canal_pago_cod, calc_type,
                                           calc_percent_bp, active, client_accountnum, name_i18n)
              values (${v.Nombre}, ${v.Descripcion}, ${v.Forma_Pago_Cod}, ${v.Canal_Pago_Cod},
                      ${v.NOSYNC_PaymentmethodCalcType}, ${v.percentBp}, ${v.SW_Activo}, ${v.c_id ?? null},
                      coalesce(${names}::jsonb, '{}'::jsonb))
              returning id`,
          idRow,
        );
        const id = row!.id;
        await tx.execute(
          v.c_id
            ? sql`insert into client_payment_methods (client_accountnum, payment_method_id) values (${v.c_id}, ${id})`
            : sql`insert into client_payment_methods (client_accountnum, payment_method_id)
                  select accountnum, ${id} from clients where not is_work_zone`,
        );
        return id;
      });
    },
  };
}
export type PaymentMethodsRepository = ReturnType<typeof paymentMethodsRepository>;
