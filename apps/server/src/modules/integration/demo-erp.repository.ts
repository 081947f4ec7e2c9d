import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { type Db, queryRows } from '../../db/client.ts';
import { builtInErpAdapter, ErpRefusal, type ErpReturnOrder, type ErpWebOrder } from '../../db/erp-adapter.ts';
import { demoErpFeedChanges } from './demo-erp-changes.repository.ts';
import type { ErpSide } from './demo-erp-client.ts';

/**
 * The demo ERP's own side inside the demo portal (decision 0067): what the built-in ERP wrote before (decisions 0012,
 * 0030), now written by the demo ERP client from the events it read: a sales order (`erp_sales_orders`, lines) per web
 * order, a return order and its credit note (`erp_return_orders`) per refund. Each in its own transaction; idempotent
 * (an event read twice answers the ids of the first time). A refusal of the ERP (blocked client, no lines, an article
 * it does not know) is its ERROR answer. Its data's changes, pushed through the feeds, are those of
 * demo-erp-changes.repository.ts (decision 0074).
 */
export function databaseErpSide(db: Db, clock: () => Date): ErpSide {
  const inTx = <T>(work: (t: Db) => Promise<T>) => db.transaction((t) => work(t));
  const refusal = (error: unknown) => {
    if (error instanceof ErpRefusal) return { error: error.message };
    throw error;
  };

  return {
    name: 'demo-database',
    changes: (at) => demoErpFeedChanges(db, at),
    async webOrder(d) {
      try {
        return await inTx(async (t) => {
          const items = d.LINES.map((l) => l.ITEMID);
          const found = await queryRows(
            t,
            sql`select id::int as id, ref_jumasa as ref from articles
                 where ref_jumasa in (select jsonb_array_elements_text(${JSON.stringify(items)}::jsonb))`,
            z.object({ id: z.number(), ref: z.string() }),
          );
          const idOf = new Map(found.map((a) => [a.ref, a.id]));
          const missing = items.find((i) => !idOf.has(i));
          if (missing !== undefined) throw new ErpRefusal(`ERP: artículo ${missing} desconocido`);
          const order: ErpWebOrder = {
            id: d.Id,
            clientId: d.CUSTACCOUNT,
            userName: d.USERNAME,
            orderedAt: new Date(d.JUMCREATEDDATE),
            storeId: d.INVENTLOCATIONID,
            storeName: d.INVENTLOCATIONNAME,
            deliveryDate: d.DELIVERYDATE,
            deliveryName: d.DELIVERYNAME,
            street: d.DELIVERYSTREET,
            city: d.DELIVERYCITY,
            zipcode: d.DELIVERYZIPCODE,
            country: d.DELIVERYCOUNTRYREGIONID,
            customerRef: d.CUSTOMERREF,
            remarks: d.JUMSALESOBS,
            dlvModeId: d.DLVMODE,
            paymentMethodName: d.PAYMENTMETHODNAME,
            mediaCod: d.MEDIO_COD,
            netAmount: d.NETAMOUNT,
            lines: d.LINES.map((l) => ({
              lineNo: l.LINENUM,
              articleId: idOf.get(l.ITEMID)!,
              itemId: l.ITEMID,
              name: l.ITEMNAME,
              quantity: l.QTY,
              listPrice: l.LISTPRICE,
              netPrice: l.SALESPRICE,
              netAmount: l.LINEAMOUNT,
            })),
          };
          return builtInErpAdapter.importWebOrder(order, { db: t, now: clock() });
        });
      } catch (error) {
        return refusal(error);
      }
    },

    async refund(d) {
      try {
        return await inTx(async (t) => {
          const order: ErpReturnOrder = {
            refundId: d.Id,
            clientId: d.CUSTACCOUNT,
            storeId: d.INVENTLOCATIONID,
            requestedAt: new Date(d.Fecha_Peticion),
            observations: d.OBSERVATIONS,
            address: d.Direccion_Usuario,
            lines: d.LINES.map((l) => ({
              lineId: l.LINEID,
              packingSlipId: l.PACKINGSLIPID,
              packingSlipLineNo: l.LINENUM,
              itemId: l.ITEMID,
              name: l.ITEMNAME,
              quantity: l.QTY,
              reasonId: l.REASONID,
            })),
          };
          const now = clock();
          const { returnSalesId } = await builtInErpAdapter.importReturnOrder!(order, { db: t, now });
          const note = await builtInErpAdapter.returnCreditNote!(returnSalesId, { db: t, now });
          return { returnSalesId, creditNoteId: note?.creditNoteId ?? null };
        });
      } catch (error) {
        return refusal(error);
      }
    },
  };
}
