import { STOCK_STATUS, type StockStatus } from '@portal/contract/catalog';

type StockRow = { article_id: number; store_id: string; quantity: number };

/** Status of an article in each store (spec part 1 §4): 2 here, 1 only elsewhere, 0 nowhere, 3 unknown. */
export function stockStatuses(tracked: boolean, storeIds: string[], rows: StockRow[]) {
  const byStore = new Map(rows.map((r) => [r.store_id, r.quantity]));
  const anywhere = rows.some((r) => r.quantity > 0);
  return storeIds.map((id) => {
    const quantity = byStore.get(id) ?? 0;
    let status: StockStatus = STOCK_STATUS.none;
    if (!tracked) status = STOCK_STATUS.noInfo;
    else if (quantity > 0) status = STOCK_STATUS.available;
    else if (anywhere) status = STOCK_STATUS.otherStore;
    return { id_almacen: id, status, quantity: tracked ? quantity : null };
  });
}
