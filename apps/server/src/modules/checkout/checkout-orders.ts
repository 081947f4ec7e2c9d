import { type FinishCheckoutResponse, PAYMENT_CHANNEL } from '@portal/contract/cart';
import type { Db } from '../../db/client.ts';
import { recordEvent } from '../../db/integration-events.ts';
import type { CartRow } from '../cart/cart.repository.ts';
import { type CheckoutRepository, checkoutRepository } from './checkout.repository.ts';
import { euros, nextWorkingDay, orderText, type Snapshot } from './checkout-snapshot.ts';

type Deps = { clock: () => Date; log: { error(o: object, msg: string): void } };

/**
 * Web orders made from a checkout, inside the transaction of the caller, which holds the cart's lock: the checkout
 * of a paid payment attempt (each attempt keeps the one it charged), or one without a card. See
 * docs/decisions/0011.
 */
export function checkoutOrders({ clock, log }: Deps) {
  /**
   * Makes one web order per location of a checkout, takes what it ordered out of the cart (closing it when open)
   * and queues the e-mails: inside the caller's transaction, which holds the cart's lock. `attempt` is the payment
   * attempt whose checkout this is (null: a checkout without a card).
   */
  async function createOrders(tx: Db, row: CartRow, snapshot: Snapshot, attempt: number | null): Promise<void> {
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
          paymentId: l.channel === PAYMENT_CHANNEL.card ? attempt : null,
          checkoutPaymentId: attempt,
          listAmount: l.listAmount,
          netAmount: l.netAmount,
          vatRateBp: l.vatRateBp ?? null,
          vatAmount: l.vatAmount ?? null,
          totalAmount: l.totalAmount ?? null,
        },
        l.lines,
      );
      // The ERP hears of it in this transaction's outbox: no order without its event (decision 0059).
      await recordEvent(tx, {
        type: 'web_order.created',
        objectKey: `web_order:${id}`,
        payload: await c.webOrderCreatedData(id),
      });
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
    const open = row.status === 'open';
    // The checkout shown for a finished cart is the one that closed it.
    if (open) await c.storeCheckout(row.id, snapshot);
    await c.takeOrdered(
      { id: row.id, userId: row.user_id, clientId: row.client_accountnum, open },
      snapshot.locations.flatMap((l) => l.lines.map((x) => ({ articleId: x.articleId, quantity: x.quantity }))),
    );
  }

  /**
   * Makes the orders of a paid attempt from the checkout it charged, once: inside the caller's transaction, which
   * holds the cart's lock (taken before the attempt's). Answers whether it made them now.
   */
  async function finishAttempt(tx: Db, row: CartRow, attemptId: number): Promise<boolean> {
    const c = checkoutRepository(tx);
    const attempt = await c.attempt(attemptId, true);
    if (attempt?.status !== 'authorised' || attempt.finished_at !== null || attempt.cart_id !== row.id) return false;
    const snapshot = attempt.checkout;
    if (!snapshot || BigInt(snapshot.cardCents) !== BigInt(attempt.amount_cents)) {
      log.error({ order: attempt.order_number }, 'a paid attempt has no checkout of its amount: finish it by hand');
      return false;
    }
    await createOrders(tx, row, snapshot, attempt.id);
    await c.markFinished(attempt.id);
    return true;
  }

  /** Finishes every paid, unfinished attempt of a locked cart, oldest first; answers how many. */
  async function finishPaidAttempts(tx: Db, row: CartRow): Promise<number> {
    let n = 0;
    for (const p of await checkoutRepository(tx).paidUnfinished(row.id)) {
      // The first one closes an open cart; the others find it closed.
      if (await finishAttempt(tx, n > 0 ? { ...row, status: 'finished' } : row, p.id)) n++;
    }
    return n;
  }

  /**
   * The answer of a finished checkout: the orders of the checkout that closed the cart, and its payment attempt
   * (`0` without a card).
   */
  async function result(r: CheckoutRepository, cartId: number): Promise<FinishCheckoutResponse> {
    // One statement after the other: `r` may be a transaction's, whose single connection runs one at a time.
    const attempt = (await r.closingAttempt(cartId)) ?? null;
    const orders = await r.webOrdersOf(cartId, attempt?.id ?? null);
    return response(cartId, attempt?.order_number ?? '0', orders);
  }

  function response(
    cartId: number,
    tarjetaid: string,
    orders: Awaited<ReturnType<CheckoutRepository['webOrdersOf']>>,
  ): FinishCheckoutResponse {
    return {
      salestableid: cartId,
      tarjetaid,
      weborders: orders.map((o) => ({
        id: o.id,
        id_almacen: o.store_id,
        nombre: o.store_name,
        netAmount: euros(o.net_amount),
        vatAmount: o.vat_amount === null ? null : euros(o.vat_amount),
        totalAmount: o.total_amount === null ? null : euros(o.total_amount),
        payment: o.payment_method_name,
      })),
      receiptUrl: `/my-cart/checkoutresult/${tarjetaid}/${cartId}`,
    };
  }

  return { createOrders, finishAttempt, finishPaidAttempts, result, response };
}
export type CheckoutOrders = ReturnType<typeof checkoutOrders>;
