import { RANK } from '@portal/contract/constants';
import type { BodyOf } from '@portal/contract/endpoint';
import {
  LIST_KEYS,
  LISTS,
  type ListLine,
  type ListOrderResponse,
  type ListSummary,
  type listCalls,
} from '@portal/contract/lists';
import { QUANTITY } from '@portal/contract/quantity';
import { quickOrderStore } from '@portal/contract/quick-order';
import type { Db } from '../../db/client.ts';
import { stockStatuses } from '../../lib/stock-status.ts';
import type { Principal } from '../../plugins/auth.ts';
import { AppError, badRequest, notFound, RuleViolations } from '../../plugins/errors.ts';
import { cartRepository } from './cart.repository.ts';
import type { CartService } from './cart.service.ts';
import { type ListRow, type ListsRepository, listsRepository } from './lists.repository.ts';
import { quickOrderRepository } from './quick-order.repository.ts';

/** A client admin (or staff) changes locked lists and locks them (decision 0080). */
const isClientAdmin = (me: Principal) => me.rank >= RANK.clientAdmin;

function summary(row: ListRow, me: Principal): ListSummary {
  return {
    id: row.id,
    name: row.name,
    locked: row.locked,
    lines: row.lines,
    units: row.units,
    updatedAt: row.updated_at,
    updatedBy: row.updated_by,
    mayEdit: !row.locked || isClientAdmin(me),
  };
}

const uniqueViolation = (err: unknown) =>
  typeof err === 'object' && err !== null && (err as { code?: string }).code === '23505';

export type ListsService = ReturnType<typeof listsService>;

/**
 * Lists of the client whose cart the caller fills (the caller's client; an admin's chosen one, as the cart): every
 * list is found within that client, so another client's answers 404. Changes lock the list's row in one transaction.
 */
/** The caller's cart owner (client and home store), as the cart reads it. */
type Owner = Awaited<ReturnType<CartService['ownerOf']>>;

export function listsService(db: Db, cart: CartService) {
  const repo = listsRepository(db);

  /** The client's list, or 404. */
  async function find(r: ListsRepository, clientId: string, id: number, lock = false) {
    const row = await r.list(clientId, id, lock);
    if (!row) throw notFound();
    return row;
  }

  /**
   * Runs a change of a list the caller may change (a locked one: client admins only), in one transaction, and marks
   * who changed it when. `owner`: the caller's client when already read; `deletes`: the list goes (nothing to mark).
   */
  async function change<T>(
    me: Principal,
    id: number,
    work: (r: ListsRepository, clientId: string) => Promise<T>,
    options: { owner?: Owner; deletes?: boolean } = {},
  ) {
    const owner = options.owner ?? (await cart.ownerOf(me));
    return db.transaction(async (tx) => {
      const r = listsRepository(tx);
      const row = await find(r, owner.clientId, id, true);
      if (row.locked && !isClientAdmin(me)) throw new AppError(403, LIST_KEYS.locked, row.name);
      const out = await work(r, owner.clientId);
      if (!options.deletes) await r.touch(id, me.id);
      return out;
    });
  }

  async function refused<T>(work: () => Promise<T>) {
    try {
      return await work();
    } catch (err) {
      // Two people naming a list at once: the unique index refuses the second.
      if (uniqueViolation(err)) throw badRequest(LIST_KEYS.nameTaken);
      throw err;
    }
  }

  /**
   * The lines to put in a list: those given, or the caller's cart; each article once (quantities added). An article
   * that does not exist or is sold no more refuses the call, naming each such line as a schema's refusal would
   * (`lines.<index>.articleId`, the index in the request; `fromCart` for the cart's).
   */
  async function linesOf(me: Principal, clientId: string, body: BodyOf<typeof listCalls.addLines>) {
    const given = body.fromCart ? await repo.cartLines(me.id, clientId) : (body.lines ?? []);
    const merged = new Map<number, number>();
    for (const l of given) merged.set(l.articleId, (merged.get(l.articleId) ?? 0) + l.quantity);
    const lines = [...merged].map(([a, q]) => ({ a, q }));
    if (lines.length === 0) throw badRequest(LIST_KEYS.empty);
    const sold = new Set(await repo.soldArticles(lines.map((l) => l.a)));
    const gone = given.flatMap((l, i) =>
      sold.has(l.articleId)
        ? []
        : [{ path: body.fromCart ? 'fromCart' : `lines.${i}.articleId`, message: LIST_KEYS.articleGone }],
    );
    if (gone.length > 0) throw new RuleViolations(gone);
    return lines;
  }

  async function put(r: ListsRepository, listId: number, lines: { a: number; q: number }[]) {
    const written = await r.addLines(listId, lines);
    if ((await r.lineCount(listId)) > LISTS.maxLines) throw badRequest(LIST_KEYS.tooManyLines, `${LISTS.maxLines}`);
    return { added: written.length, capped: written.filter((w) => w.capped).map((w) => w.article_id) };
  }

  async function nameFree(r: ListsRepository, clientId: string, name: string, except: number | null) {
    if (await r.nameTaken(clientId, name, except)) throw badRequest(LIST_KEYS.nameTaken, name);
  }

  return {
    async lists(me: Principal) {
      const owner = await cart.ownerOf(me);
      const rows = await repo.lists(owner.clientId);
      return { rows: rows.map((r) => summary(r, me)), mayLock: isClientAdmin(me) };
    },

    async detail(me: Principal, id: number) {
      const owner = await cart.ownerOf(me);
      const row = await find(repo, owner.clientId, id);
      const lines: ListLine[] = (await repo.lines(id, owner.clientId)).map((l) => ({
        id: l.id,
        articleId: l.article_id,
        ref: l.ref_jumasa,
        name: l.description,
        quantity: l.quantity,
        price: Number(l.net),
        pv1d: Number(l.pv1d),
        stock: l.stock,
        sold: !l.withdrawn,
      }));
      return { list: summary(row, me), lines, mayLock: isClientAdmin(me) };
    },

    async create(me: Principal, body: BodyOf<typeof listCalls.create>) {
      const owner = await cart.ownerOf(me);
      const lines = body.fromCart || body.lines?.length ? await linesOf(me, owner.clientId, body) : [];
      return refused(() =>
        db.transaction(async (tx) => {
          const r = listsRepository(tx);
          if ((await r.count(owner.clientId)) >= LISTS.maxPerClient) throw badRequest(LIST_KEYS.tooManyLists);
          await nameFree(r, owner.clientId, body.name, null);
          const id = await r.create(owner.clientId, body.name, me.id);
          const result = lines.length > 0 ? await put(r, id, lines) : { added: 0, capped: [] as number[] };
          return { list: summary((await r.list(owner.clientId, id))!, me), ...result };
        }),
      );
    },

    async update(me: Principal, id: number, body: BodyOf<typeof listCalls.update>) {
      if (body.locked !== undefined && !isClientAdmin(me)) throw new AppError(403, LIST_KEYS.lockAdminOnly);
      return refused(() =>
        change(me, id, async (r, clientId) => {
          if (body.name !== undefined) await nameFree(r, clientId, body.name, id);
          await r.update(id, me.id, body);
          return summary((await r.list(clientId, id))!, me);
        }),
      );
    },

    async duplicate(me: Principal, id: number, name: string) {
      const owner = await cart.ownerOf(me);
      return refused(() =>
        db.transaction(async (tx) => {
          const r = listsRepository(tx);
          await find(r, owner.clientId, id);
          if ((await r.count(owner.clientId)) >= LISTS.maxPerClient) throw badRequest(LIST_KEYS.tooManyLists);
          await nameFree(r, owner.clientId, name, null);
          const copy = await r.create(owner.clientId, name, me.id);
          await r.copyLines(id, copy);
          return summary((await r.list(owner.clientId, copy))!, me);
        }),
      );
    },

    async remove(me: Principal, id: number) {
      await change(me, id, async (r) => r.remove(id), { deletes: true });
      return { message: 'MSG_ListDeleted' };
    },

    async addLines(me: Principal, id: number, body: BodyOf<typeof listCalls.addLines>) {
      const owner = await cart.ownerOf(me);
      const lines = await linesOf(me, owner.clientId, body);
      return change(
        me,
        id,
        async (r, clientId) => {
          const result = await put(r, id, lines);
          return { list: summary((await r.list(clientId, id))!, me), ...result };
        },
        { owner },
      );
    },

    async updateLine(me: Principal, id: number, lineId: number, quantity: number) {
      return change(me, id, async (r, clientId) => {
        if (!(await r.setQuantity(id, lineId, quantity))) throw notFound();
        return summary((await r.list(clientId, id))!, me);
      });
    },

    async removeLine(me: Principal, id: number, lineId: number) {
      return change(me, id, async (r, clientId) => {
        if (!(await r.removeLine(id, lineId))) throw notFound();
        return summary((await r.list(clientId, id))!, me);
      });
    },

    /**
     * The list's lines (all, or those chosen) to the caller's cart, locked lists too: each article checked today
     * (sold, price, stock per store) and sent to a store by the quick order's rule; what cannot go is answered
     * with its reason, and the rest is added in one transaction.
     */
    async order(me: Principal, id: number, lineIds: number[] | undefined): Promise<ListOrderResponse> {
      const owner = await cart.ownerOf(me);
      await find(repo, owner.clientId, id);
      const wanted = lineIds ? new Set(lineIds) : null;
      const lines = (await repo.lines(id, owner.clientId)).filter((l) => !wanted || wanted.has(l.id));
      if (lines.length === 0) throw badRequest(LIST_KEYS.empty);
      const stores = await cart.storesIn(owner.language);
      const articles = new Map(
        (
          await quickOrderRepository(db).articles(
            lines.map((l) => l.article_id),
            owner.clientId,
          )
        ).map((a) => [a.id, a]),
      );
      const out: ListOrderResponse = { count: 0, added: [], refused: [] };
      const toCart: { a: number; q: number; s: string | null }[] = [];
      for (const l of lines) {
        const article = articles.get(l.article_id);
        if (!article || l.withdrawn) {
          out.refused.push({ lineId: l.id, ref: l.ref_jumasa, reason: 'notSold' });
          continue;
        }
        const statuses = stockStatuses(
          article.stock_tracked,
          stores.map((s) => s.id),
          article.stock.map(([store_id, quantity]) => ({ article_id: article.id, store_id, quantity })),
        );
        const units = statuses.map((s) => ({ id: s.id_almacen, units: s.quantity }));
        const { store } = quickOrderStore(units, owner.homeStore, null);
        if (store === null) {
          out.refused.push({ lineId: l.id, ref: l.ref_jumasa, reason: 'noStore' });
          continue;
        }
        const there = units.find((u) => u.id === store)?.units ?? null;
        toCart.push({ a: l.article_id, q: Math.min(l.quantity, QUANTITY.max), s: store });
        out.added.push({
          lineId: l.id,
          ref: l.ref_jumasa,
          quantity: l.quantity,
          price: Number(article.net),
          store,
          short: there !== null && there < l.quantity,
        });
      }
      out.count = await db.transaction(async (tx) => {
        const carts = cartRepository(tx);
        const open = await carts.openCart(owner, true);
        if (toCart.length > 0) {
          await quickOrderRepository(tx).addLines(open.id, owner, toCart);
          await carts.bump(open.id);
        }
        return carts.count(open.id);
      });
      return out;
    },
  };
}
