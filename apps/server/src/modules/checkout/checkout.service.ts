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
import { type LanguageKey, ROLES } from '@portal/contract/constants';
import { erpNameIn } from '@portal/contract/erp-names';
import { centsOf, formatCents } from '@portal/contract/money';
import type { Db } from '../../db/client.ts';
import type { MailOutbox } from '../../db/mail-outbox.ts';
import { paymentCalc } from '../../lib/payment-calc.ts';
import type { Principal } from '../../plugins/auth.ts';
import { badRequest, notFound, RuleViolations } from '../../plugins/errors.ts';
import { type CartRepository, type CartRow, cartRepository } from '../cart/cart.repository.ts';
import { type CartService, lineReady, lineView, totalsOf } from '../cart/cart.service.ts';
import { checkoutRepository } from './checkout.repository.ts';
import { checkoutOrders } from './checkout-orders.ts';
import {
  chargeDescription,
  euros,
  type ResolvedLocation,
  type Snapshot,
  storedCheckout,
  sum,
  type WebOrderLineInsert,
} from './checkout-snapshot.ts';
import type { PaymentGateway } from './payment-gateway.ts';
import { type StoreVat, storeVat, type TaxTreatment } from './vat.ts';

type Owner = Awaited<ReturnType<CartService['ownerOf']>>;

const taxOf = (client: { vat_rate_bp: number; vat_exempt_reason: string | null } | null): TaxTreatment => ({
  vatRateBp: client?.vat_rate_bp ?? 0,
  exemptReason: client?.vat_exempt_reason ?? null,
});

/** A location's amounts for the checkout page: base, VAT and total (decision 0019). */
const amounts = (net: string, vat: StoreVat) => ({
  netAmount: euros(net),
  vatRate: vat.vatRateBp / 100,
  vatAmount: euros(vat.vatAmount),
  totalAmount: euros(vat.totalAmount),
});

/** The stores' VAT and totals added up, for the header. */
const headerVat = (vats: StoreVat[], tax: TaxTreatment) => ({
  vatAmount: euros(sum(vats.map((v) => v.vatAmount))),
  totalAmount: euros(sum(vats.map((v) => v.totalAmount))),
  vatExemptReason: tax.exemptReason,
});

/** What a stored location owes: as stored, or for a checkout stored before migration 0015, at today's rate. */
const vatOf = (l: ResolvedLocation, tax: TaxTreatment): StoreVat =>
  l.vatAmount !== undefined && l.totalAmount !== undefined && l.vatRateBp !== undefined
    ? { vatRateBp: l.vatRateBp, vatAmount: l.vatAmount, totalAmount: l.totalAmount }
    : storeVat(l.netAmount, tax);

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
  const { createOrders, finishAttempt, finishPaidAttempts, result, response } = checkoutOrders({ clock, log });

  /** The caller's cart by id, for the client they buy for; another user's or client's cart does not exist. */
  async function ownCart(r: CartRepository, me: Principal, cartId: number, lock: boolean, owner?: Owner) {
    // Read before any transaction: inside one, PGlite's single connection would be waiting for itself.
    owner ??= await cart.ownerOf(me);
    const row = await r.cartOf(me.id, cartId, lock);
    if (!row || row.client_accountnum !== owner.clientId) throw notFound();
    return { row, owner };
  }

  async function cartLines(
    r: CartRepository,
    cartId: number,
    clientId: string,
    homeStore: string | null,
    lang: LanguageKey,
  ) {
    const rows = await r.lines(cartId, clientId);
    const stores = await cart.storesIn(lang, r);
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
    const tax = taxOf(client);
    const lines = await cartLines(r, row.id, owner.clientId, owner.homeStore, me.language);
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
        jobRef: l.job_ref,
      }));
      const alt = input.alternativeaddressdata;
      const netAmount = sum(orderLines.map((l) => l.netAmount));
      // The method's surcharge or discount, before VAT (decision 0042); kept in the snapshot as it is now.
      const calc = paymentCalc(netAmount, method.calc_type, method.calc_percent_bp);
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
        netAmount,
        ...storeVat(calc?.base ?? netAmount, tax),
        ...(calc ? { paymentCalc: calc } : {}),
        input,
      });
    }
    if (issues.length > 0) throw new RuleViolations(issues);
    const card = locations.filter((l) => l.channel === PAYMENT_CHANNEL.card);
    return {
      locations,
      // A card charges what the customer owes: each card store's base plus its VAT (decision 0019).
      cardCents: String(card.reduce((a, l) => a + centsOf(l.totalAmount!), 0n)),
      vatExemptReason: tax.exemptReason,
      preparedAt: clock().toISOString(),
      version: row.version,
    };
  }

  /**
   * Finishes a paid attempt from the checkout it charged, exactly once, whether or not a newer attempt superseded
   * it and whether or not its cart is finished already. Answers whether it made the orders now.
   */
  async function finishPaid(attemptId: number): Promise<boolean> {
    // Read before the transaction: inside one, PGlite's single connection would be waiting for itself.
    const known = await repo.attempt(attemptId);
    if (known?.status !== 'authorised' || known.finished_at !== null) return false;
    const done = await db.transaction(async (tx) => {
      const [row] = await cartRepository(tx).lockAny(known.cart_id);
      return row ? finishAttempt(tx, row, attemptId) : false;
    });
    if (done) outbox.kick();
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
      const snapshot = storedCheckout(row.checkout);
      const tax = taxOf(await repo.client(row.client_accountnum));
      if (row.status === 'finished' && snapshot) {
        const vats = snapshot.locations.map((l) => vatOf(l, tax));
        // What the checkout that closed the cart ordered, under its payment attempt.
        const attempt = (await repo.closingAttempt(row.id)) ?? null;
        const orders = await repo.webOrdersOf(row.id, attempt?.id ?? null);
        // The store as ordered (the ERP's name then), in the reader's language when admins named it (0091).
        const named = new Map((await cart.stores()).map((s) => [s.id, s.names]));
        return {
          salestableid: row.id,
          tarjetaid: attempt?.order_number ?? '',
          salesid: orders.map((o) => o.id),
          clientid: row.client_accountnum,
          finished: true,
          cartlocations: snapshot.locations.map((l, i) => ({
            id_almacen: l.storeId,
            nombre: erpNameIn(l.storeName, named.get(l.storeId), me.language),
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
            ...amounts(l.netAmount, vats[i]!),
          })),
          totals: totalsOf(
            snapshot.locations.flatMap((l) => l.lines.map((x) => ({ pv1d: x.pv1d, net: x.net, quantity: x.quantity }))),
          ),
          ...headerVat(vats, tax),
        };
      }
      const payment = await repo.latestPayment(row.id);
      const lines = await cartLines(r, row.id, owner.clientId, owner.homeStore, me.language);
      if (requireReady && lines.length === 0) throw badRequest(CHECKOUT_RULES.cart);
      if (requireReady && !lines.every((l) => lineReady(l.view))) throw badRequest('WARN_CartLocationNotFilled');
      const [addresses, userDefault, methods, stores] = await Promise.all([
        repo.addresses(owner.clientId),
        repo.userDefaultAddress(me.id),
        repo.paymentMethods(owner.clientId),
        cart.storesIn(me.language),
      ]);
      const storeIds = [
        ...new Set(lines.map((l) => l.view.inventlocationchosenid).filter((s): s is string => s !== null)),
      ];
      const modesByStore = await repo.dlvModesOf(storeIds);
      const cartlocations: CheckoutLocation[] = [];
      const vats: StoreVat[] = [];
      for (const storeId of storeIds) {
        const mine = lines.filter((l) => l.view.inventlocationchosenid === storeId);
        const modes = modesByStore.get(storeId) ?? [];
        const stored = locationsOf(snapshot, storeId);
        const totals = totalsOf(mine.map((l) => ({ pv1d: l.row.pv1d, net: l.row.net, quantity: l.row.quantity })));
        const net = sum(mine.map((l) => formatCents(centsOf(l.row.net) * BigInt(l.row.quantity))));
        const methodId = stored ? stored.paymentmethod : (methods.find((m) => m.is_default)?.id ?? methods[0]?.id);
        const method = methods.find((m) => m.id === methodId);
        const calc = method ? paymentCalc(net, method.calc_type, method.calc_percent_bp) : null;
        const vat = storeVat(calc?.base ?? net, tax);
        vats.push(vat);
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
          ...amounts(net, vat),
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
        ...headerVat(vats, tax),
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
        // The attempt keeps its own checkout: paid even after a newer one, it orders exactly what it charged.
        const payment = await c.createPayment({
          cartId: row.id,
          amountCents: cents,
          ...gateway.merchant,
          checkout: snapshot,
        });
        const card = snapshot.locations.filter((l) => l.channel === PAYMENT_CHANNEL.card);
        const signed = gateway.request(payment, urls, chargeDescription(card));
        return {
          paymentchannel: PAYMENT_CHANNEL.card,
          urlaction: gateway.actionUrl(),
          ds_signature: signed.Ds_Signature,
          ds_signatureversion: signed.Ds_SignatureVersion,
          ds_merchantparameters: signed.Ds_MerchantParameters,
          tarjetaid: payment.order_number,
          amount: Number(formatCents(cents)),
        };
      });
    },

    /**
     * Finishes the checkout exactly once. A paid attempt of the cart finishes it from the checkout that attempt
     * charged; a stored card checkout without a payment is refused; others are validated again from the locations
     * sent.
     */
    async finish(me: Principal, inputs: CheckoutLocationInput[]): Promise<FinishCheckoutResponse> {
      const cartId = inputs[0]!.salestableid;
      if (inputs.some((i) => i.salestableid !== cartId)) throw badRequest(CHECKOUT_RULES.cart);
      const who = await cart.ownerOf(me);
      const response = await db.transaction(async (tx) => {
        const { row, owner } = await ownCart(cartRepository(tx), me, cartId, true, who);
        const c = checkoutRepository(tx);
        if (row.status === 'finished') return result(c, row.id);
        if ((await finishPaidAttempts(tx, row)) > 0) return result(c, row.id);
        const stored = storedCheckout(row.checkout);
        if (stored && BigInt(stored.cardCents) > 0n) throw badRequest('WARN_PaymentNotAuthorised');
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
      outbox.kick();
      return response;
    },

    /**
     * processcheckout/: finishes a cart from its stored checkout (the payment return, when the browser lost the
     * form), and any paid attempt of it not finished yet (on a finished cart too).
     */
    async process(me: Principal, cartId: number): Promise<FinishCheckoutResponse> {
      const { row } = await ownCart(cartRepository(db), me, cartId, false);
      for (const p of await repo.paidUnfinished(row.id)) await finishPaid(p.id);
      const now = (await ownCart(cartRepository(db), me, cartId, false)).row;
      if (now.status === 'open') {
        const stored = storedCheckout(now.checkout);
        if (!stored) throw badRequest(CHECKOUT_RULES.cart);
        if (BigInt(stored.cardCents) > 0n) throw badRequest('WARN_PaymentNotAuthorised');
        return this.finish(
          me,
          stored.locations.map((l) => l.input),
        );
      }
      return result(repo, row.id);
    },

    /**
     * The receipt of one finished checkout of the caller's cart: `tarjetaId` is the paid attempt whose orders it
     * shows (`0`: the checkout without a card).
     */
    async receipt(me: Principal, tarjetaId: string, cartId: number) {
      const { row } = await ownCart(cartRepository(db), me, cartId, false);
      let snapshot = storedCheckout(row.checkout);
      if (row.status !== 'finished' || !snapshot) throw notFound();
      let attemptId: number | null = null;
      if (tarjetaId !== '0') {
        const paid = await repo.payment(tarjetaId);
        const attempt = paid && paid.cart_id === row.id ? await repo.attempt(paid.id) : null;
        if (!attempt?.finished_at || !attempt.checkout) throw notFound();
        snapshot = attempt.checkout;
        attemptId = attempt.id;
      }
      const orders = await repo.webOrdersOf(row.id, attemptId);
      if (orders.length === 0) throw notFound();
      const [client, user] = await Promise.all([repo.client(row.client_accountnum), repo.user(row.user_id)]);
      const finishedAt = new Date(orders[0]?.ordered_at ?? clock());
      return { snapshot, result: response(row.id, tarjetaId, orders), client, user, finishedAt };
    },

    /** Attempts paid whose finish was lost: finished now. */
    async recover(): Promise<number> {
      let n = 0;
      for (const p of await repo.paidUnfinishedAttempts()) {
        try {
          if (await finishPaid(p.id)) n++;
        } catch (error) {
          log.error({ err: error, payment: p.id }, 'finishing a paid attempt failed; it will be retried');
        }
      }
      if (n > 0) log.info({ attempts: n }, 'paid attempts finished by the recovery sweep');
      return n;
    },
  };
}
