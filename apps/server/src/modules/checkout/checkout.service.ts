import {
  CHECKOUT_RULES,
  type CheckoutHeader,
  type CheckoutLocation,
  type CheckoutLocationInput,
  checkoutLocationIssues,
  type FinishCheckoutResponse,
  PAYMENT_CHANNEL,
  type PrepareCheckoutResponse,
} from '@portal/contract/cart';
import { ROLES } from '@portal/contract/constants';
import type { Db } from '../../db/client.ts';
import type { MailOutbox } from '../../lib/mail-outbox.ts';
import { centsOf, formatCents } from '../../lib/redsys.ts';
import type { Principal } from '../../plugins/auth.ts';
import { badRequest, notFound, RuleViolations } from '../../plugins/errors.ts';
import { type CartRepository, type CartRow, cartRepository } from '../cart/cart.repository.ts';
import { type CartService, lineReady, lineView, totalsOf } from '../cart/cart.service.ts';
import { type CheckoutRepository, checkoutRepository, type WebOrderLineInsert } from './checkout.repository.ts';
import { euros, nextWorkingDay, orderText, type ResolvedLocation, type Snapshot, sum } from './checkout-snapshot.ts';
import type { PaymentGateway } from './payment-gateway.ts';

type Owner = Awaited<ReturnType<CartService['ownerOf']>>;

type Deps = {
  db: Db;
  cart: CartService;
  outbox: MailOutbox;
  gateway: PaymentGateway;
  clock: () => Date;
  log: { error(o: object, msg: string): void; info(o: object, msg: string): void };
};

export type CheckoutService = ReturnType<typeof checkoutService>;

export function checkoutService({ db, cart, outbox, gateway, clock, log }: Deps) {
  const repo = checkoutRepository(db);

  /** The caller's cart by id, for the client they buy for; another user's or client's cart does not exist. */
  async function ownCart(r: CartRepository, me: Principal, cartId: number, lock: boolean, owner?: Owner) {
    // Read before any transaction: inside one, PGlite's single connection would be waiting for itself.
    owner ??= await cart.ownerOf(me);
    const row = await r.cartOf(me.id, cartId, lock);
    if (!row || row.client_accountnum !== owner.clientId) throw notFound();
    return { row, owner };
  }

  async function cartLines(r: CartRepository, cartId: number, clientId: string, homeStore: string | null) {
    const rows = await r.lines(cartId, clientId);
    const stores = await cart.stores(r);
    return rows.map((row) => ({ row, view: lineView(row, stores, homeStore) }));
  }

  function defaultAddress(addresses: { id: number; is_default: boolean }[], userDefault: number | null) {
    return (
      (addresses.find((a) => a.id === userDefault) ?? addresses.find((a) => a.is_default) ?? addresses[0])?.id ?? null
    );
  }

  /**
   * Checks every rule of part 1 §5 against the caller's own data and prices the lines: the same for
   * preparecheckout and finishcheckout. Nothing is written; a refusal lists every field with its key.
   */
  async function resolve(
    tx: Db,
    me: Principal,
    row: CartRow,
    owner: { clientId: string; homeStore: string | null },
    inputs: CheckoutLocationInput[],
  ): Promise<Snapshot> {
    const r = cartRepository(tx);
    const c = checkoutRepository(tx);
    const client = await c.client(owner.clientId);
    if (!client) throw notFound();
    if (client.orders_blocked) throw badRequest('WARN_ClientOrdersBlocked');
    const lines = await cartLines(r, row.id, owner.clientId, owner.homeStore);
    if (lines.length === 0) throw badRequest(CHECKOUT_RULES.cart);
    if (!lines.every((l) => lineReady(l.view))) throw badRequest('WARN_CartLocationNotFilled');

    const byStore = new Map<string, typeof lines>();
    for (const l of lines) {
      const id = l.view.inventlocationchosenid!;
      byStore.set(id, [...(byStore.get(id) ?? []), l]);
    }
    const given = new Set(inputs.map((i) => i.id_almacen));
    // The cart changed since the page was drawn (another tab): the locations no longer match its stores.
    if (given.size !== inputs.length || given.size !== byStore.size || [...byStore.keys()].some((s) => !given.has(s))) {
      throw badRequest('WARN_CheckoutERR_CART_CHANGED');
    }
    if (inputs.some((i) => i.salestableid !== row.id)) throw notFound();

    const [addresses, userDefault, methods, stores, modesByStore] = await Promise.all([
      c.addresses(owner.clientId),
      c.userDefaultAddress(me.id),
      c.paymentMethods(owner.clientId),
      c.stores([...byStore.keys()]),
      c.dlvModesOf([...byStore.keys()]),
    ]);
    const defaultsOnly = me.roles.includes(ROLES.cartFinishedOnlyByDataDefault);
    const issues: { path: string; message: string }[] = [];
    const locations: ResolvedLocation[] = [];
    for (const [i, input] of inputs.entries()) {
      const at = (field: string) => `cartLocations.${i}.${field}`;
      for (const issue of checkoutLocationIssues(input)) issues.push({ path: at(issue.field), message: issue.key });
      const modes = modesByStore.get(input.id_almacen) ?? [];
      const mode = modes.find((m) => m.id === input.dlvmode);
      const method = methods.find((m) => m.id === input.paymentmethod);
      const address = input.hasalternativeaddress ? undefined : addresses.find((a) => a.id === input.dir);
      if (input.dlvmode && (!mode || (input.hasalternativeaddress && !mode.carrier)))
        issues.push({ path: at('dlvmode'), message: CHECKOUT_RULES.dlv });
      if (input.paymentmethod !== null && !method)
        issues.push({ path: at('paymentmethod'), message: CHECKOUT_RULES.payment });
      if (!input.hasalternativeaddress && input.dir !== null && !address)
        issues.push({ path: at('dir'), message: CHECKOUT_RULES.address });
      if (defaultsOnly) {
        const defaultMode = modes.find((m) => m.is_default)?.id ?? modes[0]?.id;
        const defaultMethod = methods.find((m) => m.is_default)?.id ?? methods[0]?.id;
        if (
          input.hasalternativeaddress ||
          input.dir !== defaultAddress(addresses, userDefault) ||
          input.dlvmode !== defaultMode ||
          input.paymentmethod !== defaultMethod
        )
          issues.push({ path: at('dir'), message: CHECKOUT_RULES.defaultsOnly });
      }
      if (!mode || !method) continue;
      const store = stores.find((s) => s.id === input.id_almacen)!;
      const storeLines = byStore.get(input.id_almacen)!;
      const orderLines: WebOrderLineInsert[] = storeLines.map(({ row: l }) => ({
        articleId: l.article_id,
        ref: l.ref_jumasa,
        description: l.description,
        family: l.family_code,
        supplier: l.supplier,
        quantity: l.quantity,
        pv1d: l.pv1d,
        net: l.net,
        listAmount: formatCents(centsOf(l.pv1d) * BigInt(l.quantity)),
        netAmount: formatCents(centsOf(l.net) * BigInt(l.quantity)),
        modelId: l.model_id,
        searchLogId: l.search_log_id,
      }));
      const alt = input.alternativeaddressdata;
      locations.push({
        storeId: store.id,
        storeName: store.name,
        addressId: address?.id ?? null,
        alternative: input.hasalternativeaddress,
        deliveryName: input.hasalternativeaddress ? alt.name.trim() : (address?.name ?? client.name),
        street: input.hasalternativeaddress ? alt.address.trim() : (address?.street ?? null),
        city: input.hasalternativeaddress ? alt.city.trim() : (address?.city ?? null),
        zipcode: input.hasalternativeaddress ? alt.zipcode.trim() : (address?.zipcode ?? null),
        country: input.hasalternativeaddress ? alt.countryregionid.trim() : (address?.country ?? null),
        dlvModeId: mode.id,
        dlvModeName: mode.name,
        paymentMethodId: method.id,
        paymentMethodName: method.name,
        channel: method.canal_pago_cod,
        custRef: input.cust_ref.trim(),
        webObs: input.web_obs.trim(),
        lines: orderLines,
        listAmount: sum(orderLines.map((l) => l.listAmount)),
        netAmount: sum(orderLines.map((l) => l.netAmount)),
        input,
      });
    }
    if (issues.length > 0) throw new RuleViolations(issues);
    const card = locations.filter((l) => l.channel === PAYMENT_CHANNEL.card);
    return {
      locations,
      cardCents: String(card.reduce((a, l) => a + centsOf(l.netAmount), 0n)),
      preparedAt: clock().toISOString(),
      version: row.version,
    };
  }

  /** Makes one web order per location, closes the cart and queues the e-mails: inside the caller's transaction. */
  async function createOrders(tx: Db, row: CartRow, snapshot: Snapshot, paymentId: number | null): Promise<void> {
    const c = checkoutRepository(tx);
    const deliveryDate = nextWorkingDay(clock());
    // One statement after the other: a transaction's single connection runs one at a time.
    const client = await c.client(row.client_accountnum);
    const user = await c.user(row.user_id);
    const stores = await c.stores(snapshot.locations.map((l) => l.storeId));
    const mails: { to: string; subject: string; body: string }[] = [];
    for (const l of snapshot.locations) {
      const id = await c.insertWebOrder(
        {
          cartId: row.id,
          userId: row.user_id,
          clientId: row.client_accountnum,
          storeId: l.storeId,
          storeName: l.storeName,
          deliveryDate,
          deliveryName: l.deliveryName,
          street: l.street,
          city: l.city,
          zipcode: l.zipcode,
          country: l.country,
          addressId: l.addressId,
          alternative: l.alternative,
          customerRef: l.custRef,
          remarks: l.webObs,
          dlvModeId: l.dlvModeId,
          dlvModeName: l.dlvModeName,
          paymentMethodId: l.paymentMethodId,
          paymentMethodName: l.paymentMethodName,
          paymentId: l.channel === PAYMENT_CHANNEL.card ? paymentId : null,
          listAmount: l.listAmount,
          netAmount: l.netAmount,
        },
        l.lines,
      );
      const text = orderText(id, l, client?.name ?? row.client_accountnum, deliveryDate);
      const notice = stores.find((s) => s.id === l.storeId)?.notice_email;
      if (notice)
        mails.push({
          to: notice,
          subject: `Nuevo pedido web ${id} de ${client?.name ?? row.client_accountnum}`,
          body: text,
        });
      const customer = user?.email ?? client?.email;
      if (customer) mails.push({ to: customer, subject: `Hemos recibido su pedido web ${id}`, body: text });
    }
    await c.queueMails(mails);
    await c.closeCart(
      { id: row.id, userId: row.user_id, clientId: row.client_accountnum },
      snapshot.locations.flatMap((l) => l.lines.map((x) => x.articleId)),
    );
  }

  async function result(r: CheckoutRepository, cartId: number): Promise<FinishCheckoutResponse> {
    // One statement after the other: `r` may be a transaction's, whose single connection runs one at a time.
    const orders = await r.webOrdersOfCart(cartId);
    const payment = await r.authorisedPayment(cartId);
    const tarjetaid = payment?.order_number ?? '0';
    return {
      salestableid: cartId,
      tarjetaid,
      weborders: orders.map((o) => ({
        id: o.id,
        id_almacen: o.store_id,
        nombre: o.store_name,
        netAmount: euros(o.net_amount),
        payment: o.payment_method_name,
      })),
      receiptUrl: `/my-cart/checkoutresult/${tarjetaid}/${cartId}`,
    };
  }

  /** Finishes a paid cart from its stored checkout, exactly once; a finished cart is left as it is. */
  async function finishPaid(cartId: number): Promise<boolean> {
    const done = await db.transaction(async (tx) => {
      const [row] = await cartRepository(tx).lockAny(cartId);
      if (row?.status !== 'open') return false;
      const snapshot = row.checkout as Snapshot | null;
      const payment = await checkoutRepository(tx).authorisedPayment(cartId);
      if (!snapshot || !payment || BigInt(payment.amount_cents) !== BigInt(snapshot.cardCents)) return false;
      await createOrders(tx, row, snapshot, payment.id);
      return true;
    });
    if (done) void outbox.drain();
    return done;
  }

  function locationsOf(snapshot: Snapshot | null, storeId: string) {
    return snapshot?.locations.find((l) => l.storeId === storeId)?.input;
  }

  return {
    finishPaid,

    /** The checkout header of a cart: its stores with the form's values (stored, else the defaults). */
    async header(me: Principal, cartId: number | null, requireReady: boolean): Promise<CheckoutHeader> {
      const owner = await cart.ownerOf(me);
      const r = cartRepository(db);
      const row = cartId === null ? await r.openCart(owner) : (await ownCart(r, me, cartId, false)).row;
      const payment = await repo.latestPayment(row.id);
      const snapshot = row.checkout as Snapshot | null;
      if (row.status === 'finished' && snapshot) {
        const orders = await repo.webOrdersOfCart(row.id);
        return {
          salestableid: row.id,
          tarjetaid: payment?.order_number ?? '',
          salesid: orders.map((o) => o.id),
          clientid: row.client_accountnum,
          finished: true,
          cartlocations: snapshot.locations.map((l) => ({
            id_almacen: l.storeId,
            nombre: l.storeName,
            items: l.lines.map((x) => ({ namealias: x.ref, name: x.description, qty: x.quantity })),
            dir: l.addressId,
            dlvmode: l.dlvModeId,
            paymentmethod: l.paymentMethodId,
            cust_ref: l.custRef,
            web_obs: l.webObs,
            hasalternativeaddress: l.alternative,
            alternativeaddressdata: l.input.alternativeaddressdata,
            ismylocation: l.storeId === owner.homeStore,
            salestableid: row.id,
            listAmount: euros(l.listAmount),
            netAmount: euros(l.netAmount),
          })),
          totals: totalsOf(
            snapshot.locations.flatMap((l) => l.lines.map((x) => ({ pv1d: x.pv1d, net: x.net, quantity: x.quantity }))),
          ),
        };
      }
      const lines = await cartLines(r, row.id, owner.clientId, owner.homeStore);
      if (requireReady && lines.length === 0) throw badRequest(CHECKOUT_RULES.cart);
      if (requireReady && !lines.every((l) => lineReady(l.view))) throw badRequest('WARN_CartLocationNotFilled');
      const [addresses, userDefault, methods, stores] = await Promise.all([
        repo.addresses(owner.clientId),
        repo.userDefaultAddress(me.id),
        repo.paymentMethods(owner.clientId),
        cart.stores(),
      ]);
      const storeIds = [
        ...new Set(lines.map((l) => l.view.inventlocationchosenid).filter((s): s is string => s !== null)),
      ];
      const modesByStore = await repo.dlvModesOf(storeIds);
      const cartlocations: CheckoutLocation[] = [];
      for (const storeId of storeIds) {
        const mine = lines.filter((l) => l.view.inventlocationchosenid === storeId);
        const modes = modesByStore.get(storeId) ?? [];
        const stored = locationsOf(snapshot, storeId);
        const totals = totalsOf(mine.map((l) => ({ pv1d: l.row.pv1d, net: l.row.net, quantity: l.row.quantity })));
        cartlocations.push({
          id_almacen: storeId,
          nombre: stores.find((s) => s.id === storeId)?.name ?? storeId,
          items: mine.map((l) => ({ namealias: l.row.ref_jumasa, name: l.row.description, qty: l.row.quantity })),
          dir: stored ? stored.dir : defaultAddress(addresses, userDefault),
          dlvmode: stored ? stored.dlvmode : (modes.find((m) => m.is_default)?.id ?? modes[0]?.id ?? null),
          paymentmethod: stored
            ? stored.paymentmethod
            : (methods.find((m) => m.is_default)?.id ?? methods[0]?.id ?? null),
          cust_ref: stored?.cust_ref ?? '',
          web_obs: stored?.web_obs ?? '',
          hasalternativeaddress: stored?.hasalternativeaddress ?? false,
          alternativeaddressdata: stored?.alternativeaddressdata ?? {
            name: '',
            address: '',
            city: '',
            zipcode: '',
            countryregionid: 'ES',
          },
          ismylocation: storeId === owner.homeStore,
          salestableid: row.id,
          listAmount: totals.listAmount,
          netAmount: totals.netAmount,
        });
      }
      return {
        salestableid: row.id,
        tarjetaid: payment?.status === 'denied' ? '' : (payment?.order_number ?? ''),
        salesid: [],
        clientid: row.client_accountnum,
        finished: false,
        cartlocations,
        totals: totalsOf(lines.map((l) => ({ pv1d: l.row.pv1d, net: l.row.net, quantity: l.row.quantity }))),
      };
    },

    /** Validates and stores the checkout; with a card location, opens a payment attempt for the card total. */
    async prepare(
      me: Principal,
      body: { salesTableId: number; cartLocations: CheckoutLocationInput[] },
      urls: { base: string; lang: string },
    ): Promise<PrepareCheckoutResponse> {
      const who = await cart.ownerOf(me);
      return db.transaction(async (tx) => {
        const { row, owner } = await ownCart(cartRepository(tx), me, body.salesTableId, true, who);
        if (row.status !== 'open') throw badRequest('WARN_CheckoutERR_CART_FINISHED');
        const snapshot = await resolve(tx, me, row, owner, body.cartLocations);
        const c = checkoutRepository(tx);
        await c.storeCheckout(row.id, snapshot);
        const cents = BigInt(snapshot.cardCents);
        if (cents === 0n) {
          return {
            paymentchannel: PAYMENT_CHANNEL.cash,
            urlaction: '',
            ds_signature: '',
            ds_signatureversion: '',
            ds_merchantparameters: '',
            tarjetaid: '',
            amount: 0,
          };
        }
        const payment = await c.createPayment({ cartId: row.id, amountCents: cents, ...gateway.merchant });
        const signed = gateway.request(payment, urls);
        return {
          paymentchannel: PAYMENT_CHANNEL.card,
          urlaction: gateway.actionUrl(urls.base),
          ds_signature: signed.Ds_Signature,
          ds_signatureversion: signed.Ds_SignatureVersion,
          ds_merchantparameters: signed.Ds_MerchantParameters,
          tarjetaid: payment.order_number,
          amount: Number(formatCents(cents)),
        };
      });
    },

    /**
     * Finishes the checkout exactly once. Card checkouts finish from the checkout stored when the payment was
     * opened, and only once it is authorised; others are validated again from the locations sent.
     */
    async finish(me: Principal, inputs: CheckoutLocationInput[]): Promise<FinishCheckoutResponse> {
      const cartId = inputs[0]!.salestableid;
      if (inputs.some((i) => i.salestableid !== cartId)) throw badRequest(CHECKOUT_RULES.cart);
      const who = await cart.ownerOf(me);
      const response = await db.transaction(async (tx) => {
        const { row, owner } = await ownCart(cartRepository(tx), me, cartId, true, who);
        const c = checkoutRepository(tx);
        if (row.status === 'finished') return result(c, row.id);
        const stored = row.checkout as Snapshot | null;
        if (stored && BigInt(stored.cardCents) > 0n) {
          const payment = await c.authorisedPayment(row.id);
          if (!payment || BigInt(payment.amount_cents) !== BigInt(stored.cardCents))
            throw badRequest('WARN_PaymentNotAuthorised');
          await createOrders(tx, row, stored, payment.id);
          return result(c, row.id);
        }
        // Just prepared with the same form and lines: the stored checkout is what was validated and priced.
        const fresh =
          stored !== null &&
          stored.version === row.version &&
          JSON.stringify(stored.locations.map((l) => l.input)) === JSON.stringify(inputs);
        const snapshot = fresh ? stored : await resolve(tx, me, row, owner, inputs);
        if (BigInt(snapshot.cardCents) > 0n) throw badRequest('WARN_PaymentNotAuthorised');
        if (!fresh) await c.storeCheckout(row.id, snapshot);
        await createOrders(tx, { ...row, checkout: snapshot }, snapshot, null);
        return result(c, row.id);
      });
      void outbox.drain();
      return response;
    },

    /** processcheckout/: finishes a cart from its stored checkout (the payment return, when the browser lost the form). */
    async process(me: Principal, cartId: number): Promise<FinishCheckoutResponse> {
      const { row } = await ownCart(cartRepository(db), me, cartId, false);
      if (row.status === 'open') {
        const stored = row.checkout as Snapshot | null;
        if (!stored) throw badRequest(CHECKOUT_RULES.cart);
        if (BigInt(stored.cardCents) === 0n)
          return this.finish(
            me,
            stored.locations.map((l) => l.input),
          );
        if (!(await finishPaid(row.id))) throw badRequest('WARN_PaymentNotAuthorised');
      }
      return result(repo, row.id);
    },

    /** A finished cart of the caller, for the receipt; the payment attempt in the URL must be the paid one. */
    async receipt(me: Principal, tarjetaId: string, cartId: number) {
      const { row } = await ownCart(cartRepository(db), me, cartId, false);
      if (row.status !== 'finished' || !row.checkout) throw notFound();
      const res = await result(repo, row.id);
      if (res.tarjetaid !== tarjetaId) throw notFound();
      const [client, user, orders] = await Promise.all([
        repo.client(row.client_accountnum),
        repo.user(row.user_id),
        repo.webOrdersOfCart(row.id),
      ]);
      const finishedAt = new Date(orders[0]?.ordered_at ?? clock());
      return { snapshot: row.checkout as Snapshot, result: res, client, user, finishedAt };
    },

    /** Carts whose payment was authorised but whose finish was lost: finished now. */
    async recover(): Promise<number> {
      let n = 0;
      for (const c of await repo.paidOpenCarts()) {
        try {
          if (await finishPaid(c.cart_id)) n++;
        } catch (error) {
          log.error({ err: error, cart: c.cart_id }, 'finishing a paid cart failed; it will be retried');
        }
      }
      if (n > 0) log.info({ carts: n }, 'paid carts finished by the recovery sweep');
      return n;
    },
  };
}
