import type { BodyOf } from '@portal/contract/endpoint';
import { QUANTITY } from '@portal/contract/quantity';
import {
  parseQuickOrderText,
  QUICK_ORDER,
  QUICK_ORDER_KEYS,
  type QuickOrderCandidate,
  type QuickOrderLine,
  type QuickOrderRow,
  type quickOrderCalls,
  quickOrderKey,
  quickOrderQuantity,
  quickOrderStore,
  type ReorderChange,
  type ReorderKind,
  type ReorderLine,
  type StoreUnits,
} from '@portal/contract/quick-order';
import type { Db } from '../../db/client.ts';
import { documentScope } from '../../lib/sql-format.sql.ts';
import { stockStatuses } from '../../lib/stock-status.ts';
import type { Principal } from '../../plugins/auth.ts';
import { badRequest, notFound } from '../../plugins/errors.ts';
import { cartRepository } from './cart.repository.ts';
import type { CartService } from './cart.service.ts';
import { type QuickArticleRow, quickOrderRepository } from './quick-order.repository.ts';

type Store = { id: string; name: string };

/** An article's stock in every store, as the rule reads it (units; null when the ERP gives no figure). */
function storeUnits(row: QuickArticleRow, stores: Store[]) {
  return stockStatuses(
    row.stock_tracked,
    stores.map((s) => s.id),
    row.stock.map(([store_id, quantity]) => ({ article_id: row.id, store_id, quantity })),
  );
}

/** An article as a quick-order line shows it, with the store the line goes to (contract quickOrderStore). */
export function candidateView(
  row: QuickArticleRow,
  matchedBy: QuickOrderCandidate['matchedBy'],
  stores: Store[],
  home: string | null,
  typedStore: string | null,
): QuickOrderCandidate {
  const statuses = storeUnits(row, stores);
  const units: StoreUnits[] = statuses.map((s) => ({ id: s.id_almacen, units: s.quantity }));
  const choice = quickOrderStore(units, home, typedStore);
  return {
    id_articulo: row.id,
    ref_jumasa: row.ref_jumasa,
    descripcion: row.description,
    familia_id: row.family_code,
    stw_Proveedor: row.supplier,
    eurocode: row.eurocode,
    matchedBy,
    pv1d: Number(row.pv1d),
    preciocliente: Number(row.net),
    stock: statuses.map((s, i) => ({
      id_almacen: s.id_almacen,
      nombre: stores[i]!.name,
      status: s.status,
      wsstock: s.quantity,
    })),
    store: choice.store,
    storeNote: choice.typedNote,
  };
}

export type QuickOrderService = ReturnType<typeof quickOrderService>;

export function quickOrderService(db: Db, cart: CartService) {
  const repo = quickOrderRepository(db);

  /** Resolves lines in one statement: each code once, whatever the number of lines that carry it. */
  async function resolveRows(me: Principal, rows: QuickOrderRow[]) {
    if (rows.length === 0) throw badRequest(QUICK_ORDER_KEYS.empty);
    if (rows.length > QUICK_ORDER.maxLines)
      throw badRequest(QUICK_ORDER_KEYS.tooMany, `${rows.length} > ${QUICK_ORDER.maxLines}`);
    const owner = await cart.ownerOf(me);
    const stores = await cart.storesIn(owner.language);
    const keys = rows.map((r) => quickOrderKey(r.identifier));
    const distinct = [...new Set(keys.filter((k): k is string => k !== null))];
    const found = await repo.resolve(distinct, owner.clientId, QUICK_ORDER.maxCandidates);
    const byKey = new Map<string, typeof found>();
    for (const row of found) {
      const key = distinct[row.n]!;
      byKey.set(key, [...(byKey.get(key) ?? []), row]);
    }
    const lines: QuickOrderLine[] = rows.map((r, i) => {
      const key = keys[i]!;
      const quantity = quickOrderQuantity(r.quantity);
      const typedStore = r.store.trim() || null;
      const matches = key === null ? [] : (byKey.get(key) ?? []);
      let status: QuickOrderLine['status'] = 'found';
      if (key === null) status = 'invalid';
      else if (matches.length === 0) status = 'notFound';
      else if (matches.length > 1) status = 'ambiguous';
      return {
        row: r.row,
        identifier: r.identifier,
        quantityTyped: r.quantity,
        storeTyped: r.store,
        quantity: quantity.value,
        correction: quantity.correction,
        status,
        candidates: matches.map((m) => candidateView(m, m.matched_by, stores, owner.homeStore, typedStore)),
      };
    });
    return { lines, homeStore: owner.homeStore, stores };
  }

  return {
    async resolve(me: Principal, body: BodyOf<typeof quickOrderCalls.resolve>) {
      if (body.rows) return { ...(await resolveRows(me, body.rows)), header: false };
      const parsed = parseQuickOrderText(body.text ?? '');
      return { ...(await resolveRows(me, parsed.rows)), header: parsed.header };
    },

    /**
     * Adds lines to the caller's cart, all or nothing. Lines of the same article are one line (quantities added,
     * at most 9999); each goes to its store when the article may be served there, else by the quick order's rule.
     */
    async add(me: Principal, body: BodyOf<typeof quickOrderCalls.add>) {
      const merged = new Map<number, { quantity: number; store: string | null }>();
      for (const l of body.lines) {
        const before = merged.get(l.id_articulo);
        merged.set(l.id_articulo, {
          quantity: Math.min((before?.quantity ?? 0) + l.quantity, QUANTITY.max),
          store: before?.store ?? l.store ?? null,
        });
      }
      const owner = await cart.ownerOf(me);
      const stores = await cart.storesIn(owner.language);
      const articles = await repo.articles([...merged.keys()], owner.clientId);
      const byId = new Map(articles.map((a) => [a.id, a]));
      const gone = [...merged.keys()].filter((id) => !byId.has(id));
      if (gone.length > 0) throw badRequest(QUICK_ORDER_KEYS.articleGone, gone.join(', '));
      const lines = [...merged].map(([id, l]) => {
        const units = storeUnits(byId.get(id)!, stores).map((s) => ({ id: s.id_almacen, units: s.quantity }));
        const choice = quickOrderStore(units, owner.homeStore, l.store);
        return { id_articulo: id, quantity: l.quantity, store: choice.store, storeNote: choice.typedNote };
      });
      return db.transaction(async (tx) => {
        const carts = cartRepository(tx);
        const open = await carts.openCart(owner, true);
        const added = await quickOrderRepository(tx).addLines(
          open.id,
          owner,
          lines.map((l) => ({ a: l.id_articulo, q: l.quantity, s: l.store })),
        );
        await carts.bump(open.id);
        return { count: await carts.count(open.id), added, lines };
      });
    },

    /**
     * A document's lines checked again for a reorder: today's article (by the line's article id, else its
     * reference), its price for the cart's client, and its stock in the store the document was served from.
     */
    async reorder(me: Principal, kind: ReorderKind, id: string) {
      const docLines = await repo.documentLines(kind, id, documentScope(me));
      if (docLines === null) throw notFound();
      const owner = await cart.ownerOf(me);
      const stores = await cart.storesIn(owner.language);
      const byRef = new Map(
        (await repo.idsByReference(docLines.filter((l) => l.article_id === null).map((l) => l.item_id))).map((a) => [
          a.ref_jumasa,
          a.id,
        ]),
      );
      const articleOf = (l: (typeof docLines)[number]) => l.article_id ?? byRef.get(l.item_id) ?? null;
      const ids = [...new Set(docLines.map(articleOf).filter((a): a is number => a !== null))];
      const articles = new Map((await repo.articles(ids, owner.clientId)).map((a) => [a.id, a]));
      const lines: ReorderLine[] = docLines.map((l) => {
        const quantity = quickOrderQuantity(String(l.quantity));
        const articleId = articleOf(l);
        const row = articleId === null ? undefined : articles.get(articleId);
        const documentPrice = l.price === null ? null : Number(l.price);
        const changes: ReorderChange[] = [];
        let article = row ? candidateView(row, 'reference', stores, owner.homeStore, l.store_id) : null;
        if (!article) changes.push('notSold');
        else {
          if (documentPrice !== null && article.preciocliente !== documentPrice) changes.push('price');
          const there = article.stock.find((s) => s.id_almacen === l.store_id);
          if (there && there.wsstock !== null && there.wsstock < quantity.value) {
            changes.push('noStock');
            // The document's store cannot serve it now (even the home store, which the cart would take as a
            // transfer): the line goes where the quick order's rule sends an untyped line.
            article = candidateView(row!, 'reference', stores, owner.homeStore, null);
          }
        }
        return {
          lineNo: l.line_no,
          itemId: l.item_id,
          name: l.name,
          documentQuantity: l.quantity,
          quantity: quantity.value,
          correction: quantity.correction,
          documentPrice,
          documentStore: l.store_id,
          article,
          changes,
        };
      });
      return { kind, id, lines, homeStore: owner.homeStore, stores };
    },
  };
}
