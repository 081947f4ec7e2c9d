import type { CartLine, CartTotals, LineSupply } from '@portal/contract/cart';
import { normalizeReference, STOCK_STATUS } from '@portal/contract/catalog';
import { type LanguageKey, ROLES } from '@portal/contract/constants';
import { type ErpNames, erpNameIn } from '@portal/contract/erp-names';
import { centsOf, euros } from '@portal/contract/money';
import type { Db } from '../../db/client.ts';
import { stockStatuses } from '../../lib/stock-status.ts';
import type { Principal } from '../../plugins/auth.ts';
import { badRequest, notFound } from '../../plugins/errors.ts';
import { type CartLineRow, type CartOwner, type CartRepository, cartRepository } from './cart.repository.ts';

/**
 * The stores a line may be served from (docs/decisions/0011): those holding stock of the article, plus the
 * client's home store (a transfer serves it); every store when the ERP tracks no stock for the article.
 */
export function lineAvailability(row: CartLineRow, stores: { id: string; name: string }[], homeStore: string | null) {
  const statuses = stockStatuses(
    row.stock_tracked,
    stores.map((s) => s.id),
    row.stock.map(([store_id, quantity]) => ({ article_id: row.article_id, store_id, quantity })),
  );
  return statuses
    .map((s, i) => ({ id_almacen: s.id_almacen, nombre: stores[i]!.name, status: s.status, wsstock: s.quantity }))
    .filter((s) => !row.stock_tracked || s.status === STOCK_STATUS.available || s.id_almacen === homeStore);
}

type Availability = ReturnType<typeof lineAvailability>[number];

/**
 * The store a new line starts at (issue 11, docs/decisions/0022): the home store when it holds the quantity,
 * else the store holding the most of it among those that hold the quantity; when none does, the home store
 * (a transfer or a back-order, which the line then says), else the store with the most stock. Untracked
 * articles (status 3) start at the home store.
 */
export function startStore(availability: Availability[], quantity: number, homeStore: string | null) {
  const home = availability.find((a) => a.id_almacen === homeStore);
  const holds = (a: Availability) => a.wsstock !== null && a.wsstock >= quantity;
  if (home && (home.status === STOCK_STATUS.noInfo || holds(home))) return home.id_almacen;
  const most = [...availability].sort((a, b) => (b.wsstock ?? 0) - (a.wsstock ?? 0))[0];
  if (most && holds(most)) return most.id_almacen;
  return home?.id_almacen ?? most?.id_almacen ?? null;
}

/** How the chosen store serves the line's quantity (contract LINE_SUPPLY). */
export function lineSupply(availability: Availability[], chosen: string | null, quantity: number): LineSupply | null {
  const store = availability.find((a) => a.id_almacen === chosen);
  if (!store) return null;
  if (store.status === STOCK_STATUS.noInfo) return 'unknown';
  if ((store.wsstock ?? 0) >= quantity) return 'stock';
  return availability.some((a) => (a.wsstock ?? 0) > 0) ? 'transfer' : 'backorder';
}

/** Why a line is away from the home store: the home store holds less than its quantity (contract `homeShort`). */
export function homeShort(
  availability: Availability[],
  chosen: string | null,
  quantity: number,
  homeStore: string | null,
) {
  if (chosen === null || homeStore === null || chosen === homeStore) return null;
  const home = availability.find((a) => a.id_almacen === homeStore);
  if (!home || home.status === STOCK_STATUS.noInfo || (home.wsstock ?? 0) >= quantity) return null;
  return { nombre: home.nombre, wsstock: home.wsstock ?? 0 };
}

export function lineView(row: CartLineRow, stores: { id: string; name: string }[], homeStore: string | null): CartLine {
  const availability = lineAvailability(row, stores, homeStore);
  const pv1d = centsOf(row.pv1d);
  const net = centsOf(row.net);
  const qty = BigInt(row.quantity);
  return {
    id_linea: row.id,
    id_articulo: row.article_id,
    ref_jumasa: row.ref_jumasa,
    descripcion: row.description,
    familia_id: row.family_code,
    stw_Proveedor: row.supplier,
    qty: row.quantity,
    pv1d: euros(pv1d),
    preciocliente: euros(net),
    listAmount: euros(pv1d * qty),
    netAmount: euros(net * qty),
    inventlocationchosenid: row.store_id,
    availabilityinvent: availability,
    supply: lineSupply(availability, row.store_id, row.quantity),
    homeShort: homeShort(availability, row.store_id, row.quantity, homeStore),
    jobRef: row.job_ref,
  };
}

/** Totals to the cent from the lines' decimal prices: never through floating point. */
export function totalsOf(rows: { pv1d: string; net: string; quantity: number }[]): CartTotals {
  let list = 0n;
  let net = 0n;
  let units = 0;
  for (const r of rows) {
    list += centsOf(r.pv1d) * BigInt(r.quantity);
    net += centsOf(r.net) * BigInt(r.quantity);
    units += r.quantity;
  }
  return { lines: rows.length, units, listAmount: euros(list), netAmount: euros(net) };
}

/** A line is ready for checkout when its chosen store is one it may be served from. */
export const lineReady = (line: CartLine) =>
  line.inventlocationchosenid !== null &&
  line.availabilityinvent.some((a) => a.id_almacen === line.inventlocationchosenid);

export type CartService = ReturnType<typeof cartService>;

export function cartService(db: Db) {
  const repo = cartRepository(db);
  let storeCache: { at: number; list: Promise<{ id: string; name: string; names: ErpNames }[]> } | null = null;
  /**
   * The stores change rarely: read at most every 30 s. Inside a transaction pass its repository: PGlite has a
   * single connection, and a read through the pool would wait for the transaction that waits for it.
   */
  const stores = (via: CartRepository = repo) => {
    if (!storeCache || Date.now() - storeCache.at > 30_000) storeCache = { at: Date.now(), list: via.stores() };
    return storeCache.list;
  };
  /** The stores with the name a reader of `lang` sees (decision 0091). */
  const storesIn = async (lang: LanguageKey, via: CartRepository = repo) =>
    (await stores(via)).map((s) => ({ id: s.id, name: erpNameIn(s.name, s.names, lang) }));
  type Owner = CartOwner & { homeStore: string | null; language: LanguageKey };

  /** Whose cart the caller fills: their client, or for an admin the client chosen in the header. */
  async function ownerOf(me: Principal): Promise<Owner> {
    if (me.roles.includes(ROLES.admin)) {
      const chosen = await repo.cartClient(me.id);
      const client = chosen ? await repo.client(chosen) : null;
      if (client) {
        return { userId: me.id, clientId: client.accountnum, homeStore: client.store_id, language: me.language };
      }
    }
    return { userId: me.id, clientId: me.clientId, homeStore: me.clientStore, language: me.language };
  }

  async function views(r: CartRepository, cartId: number, owner: Owner) {
    const { clientId, homeStore } = owner;
    // One statement after the other: `r` may be a transaction, whose single connection runs one at a time.
    const rows = await r.lines(cartId, clientId);
    const list = await storesIn(owner.language, r);
    return { rows, lines: rows.map((row) => lineView(row, list, homeStore)) };
  }

  async function oneLine(r: CartRepository, cartId: number, owner: Owner, id: number) {
    const [row] = await r.lines(cartId, owner.clientId, id);
    return row ? lineView(row, await storesIn(owner.language, r), owner.homeStore) : null;
  }

  /** Runs a change on the caller's open cart, locked, and answers the line count and the changed line. */
  async function change(
    me: Principal,
    work: (r: CartRepository, cartId: number, owner: Owner) => Promise<number | null>,
  ) {
    const owner = await ownerOf(me);
    return db.transaction(async (tx) => {
      const r = cartRepository(tx);
      const cart = await r.openCart(owner, true);
      const lineId = await work(r, cart.id, owner);
      await r.bump(cart.id);
      const line = lineId === null ? null : await oneLine(r, cart.id, owner, lineId);
      return { count: await r.count(cart.id), line };
    });
  }

  /** A line without a store starts at the store `startStore` picks for its quantity. */
  async function defaultStore(r: CartRepository, cartId: number, owner: Owner, lineId: number) {
    const line = await oneLine(r, cartId, owner, lineId);
    if (!line || line.inventlocationchosenid) return;
    const choice = startStore(line.availabilityinvent, line.qty, owner.homeStore);
    if (choice) await r.setStore(cartId, lineId, choice);
  }

  return {
    ownerOf,
    stores,
    storesIn,

    async current(me: Principal) {
      const owner = await ownerOf(me);
      const cart = await repo.openCart(owner);
      const { rows, lines } = await views(repo, cart.id, owner);
      return {
        salestableid: cart.id,
        clientid: owner.clientId,
        cartitem_views: lines,
        ubication: owner.homeStore ? 1 : 0,
        totals: totalsOf(rows.map((r) => ({ pv1d: r.pv1d, net: r.net, quantity: r.quantity }))),
      };
    },

    async length(me: Principal) {
      return repo.openCount(await ownerOf(me));
    },

    add(
      me: Principal,
      b: {
        articleId: number;
        quantity: number;
        modelId: number | null;
        supplier: string | null;
        searchLogId: number | null;
      },
    ) {
      return change(me, async (r, cartId, owner) => {
        if (!(await r.articleExists(b.articleId))) throw notFound();
        const id = await r.addLine(cartId, { ...b, userId: owner.userId, clientId: owner.clientId, storeId: null });
        await defaultStore(r, cartId, owner, id);
        return id;
      });
    },

    addByReference(me: Principal, reference: string, quantity: number, store: string | undefined) {
      return change(me, async (r, cartId, owner) => {
        const article = await r.articleByReference(normalizeReference(reference));
        if (!article) throw notFound('WARN_ReferenceNotFound');
        const id = await r.addLine(cartId, {
          userId: owner.userId,
          clientId: owner.clientId,
          articleId: article.id,
          quantity,
          modelId: null,
          supplier: article.supplier,
          searchLogId: null,
          storeId: null,
        });
        const line = await oneLine(r, cartId, owner, id);
        if (store && line?.availabilityinvent.some((a) => a.id_almacen === store)) await r.setStore(cartId, id, store);
        else await defaultStore(r, cartId, owner, id);
        return id;
      });
    },

    setQuantity(me: Principal, lineId: number, quantity: number) {
      return change(me, async (r, cartId) => {
        if (!(await r.setQuantity(cartId, lineId, quantity))) throw notFound();
        return lineId;
      });
    },

    take(me: Principal, lineId: number, units: number) {
      return change(me, async (r, cartId, owner) => {
        if (!(await r.takeUnits(cartId, lineId, units))) throw notFound();
        return (await r.lines(cartId, owner.clientId, lineId)).length > 0 ? lineId : null;
      });
    },

    remove(me: Principal, lineId: number) {
      return change(me, async (r, cartId) => {
        if (!(await r.deleteLine(cartId, lineId))) throw notFound();
        return null;
      });
    },

    chooseStore(me: Principal, lineId: number, storeId: string) {
      return change(me, async (r, cartId, owner) => {
        const line = await oneLine(r, cartId, owner, lineId);
        if (!line) throw notFound();
        if (!line.availabilityinvent.some((a) => a.id_almacen === storeId))
          throw badRequest('WARN_CartLocationNotFilled');
        await r.setStore(cartId, lineId, storeId);
        return lineId;
      });
    },

    /** A line's job reference (issue 26; decision 0081): kept on the line, copied to the web order's. */
    setJobRef(me: Principal, lineId: number, jobRef: string | null) {
      return change(me, async (r, cartId) => {
        if (!(await r.setJobRef(cartId, lineId, jobRef))) throw notFound();
        return lineId;
      });
    },

    /** Reads the line's stock again; a chosen store that can no longer serve it is cleared. */
    refreshStock(me: Principal, lineId: number) {
      return change(me, async (r, cartId, owner) => {
        const line = await oneLine(r, cartId, owner, lineId);
        if (!line) throw notFound();
        if (line.inventlocationchosenid && !lineReady(line)) await r.setStore(cartId, lineId, null);
        return lineId;
      });
    },

    async ubication(me: Principal) {
      const owner = await ownerOf(me);
      const store = owner.homeStore
        ? (await storesIn(owner.language)).find((s) => s.id === owner.homeStore)
        : undefined;
      return { ubicacion: owner.homeStore, nombre: store?.name ?? null, ubication: owner.homeStore ? 1 : 0 };
    },

    async messages(me: Principal) {
      const owner = await ownerOf(me);
      return owner.homeStore ? repo.stockMessages(owner.homeStore, owner.language) : [];
    },

    async messageFrom(me: Principal, origin: string) {
      const messages = await this.messages(me);
      return messages.find((m) => m.origen === origin)?.mensaje ?? null;
    },

    async cartClients(me: Principal, orderBy: 'AccountNum' | 'Name') {
      if (me.roles.includes(ROLES.admin)) return repo.clients(orderBy);
      const own = await repo.client(me.clientId);
      return own ? [{ accountnum: own.accountnum, name: own.name }] : [];
    },

    async currentCartClient(me: Principal) {
      const owner = await ownerOf(me);
      const client = await repo.client(owner.clientId);
      return { accountnum: owner.clientId, name: client?.name ?? me.clientName ?? owner.clientId };
    },

    async setCartClient(me: Principal, accountnum: string) {
      const client = await repo.client(accountnum);
      // Only admins buy for another client; anyone else may only choose their own.
      if (!client || (!me.roles.includes(ROLES.admin) && accountnum !== me.clientId)) throw notFound();
      await repo.setCartClient(me.id, accountnum === me.clientId ? null : accountnum);
      return { accountnum: client.accountnum, name: client.name };
    },
  };
}
