import { erpNamesRead } from '@portal/contract/erp-names';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { type Db, queryRows } from '../../db/client.ts';
import { recordEvent } from '../../db/integration-events.ts';
import { idRow, int, pgText, presenceRow } from '../../db/rows.ts';
import { isoTimestamp } from '../../lib/sql-format.sql.ts';
import { snapshot, type WebOrderLineInsert } from './checkout-snapshot.ts';
import { webOrderCreatedData } from './web-order-event.repository.ts';

const addressRow = z.object({
  id: int,
  name: z.string(),
  street: z.string(),
  city: z.string(),
  zipcode: z.string(),
  country: z.string(),
  is_default: z.boolean(),
});
export type AddressRow = z.output<typeof addressRow>;
/** `name` is the ERP's (what a web order keeps and the ERP receives); `names` the admins' by language (0091). */
const dlvModeRow = z.object({
  id: z.string(),
  name: z.string(),
  names: erpNamesRead,
  pickup: z.boolean(),
  carrier: z.boolean(),
  is_default: z.boolean(),
});
export type DlvModeRow = z.output<typeof dlvModeRow>;
const paymentMethodRow = z.object({
  id: int,
  name: z.string(),
  names: erpNamesRead,
  canal_pago_cod: int,
  is_default: z.boolean(),
  /** NOSYNC_PaymentmethodCalcType and its percentage in basis points (decision 0042). */
  calc_type: int,
  calc_percent_bp: int,
});
export type PaymentMethodRow = z.output<typeof paymentMethodRow>;
const paymentRow = z.object({
  id: int,
  order_number: z.string(),
  cart_id: int,
  amount_cents: z.string(),
  currency: z.string(),
  merchant_code: z.string(),
  terminal: z.string(),
  status: z.enum(['pending', 'authorised', 'denied']),
  /** When the attempt's web orders were made (null: not yet); timestamptz text. */
  finished_at: pgText.nullable(),
});
export type PaymentRow = z.output<typeof paymentRow>;
/** A payment attempt with the checkout it charged (docs/decisions/0011), parsed as stored (null: none). */
const paymentAttempt = paymentRow.extend({ checkout: snapshot.nullable() });
export type PaymentAttempt = z.output<typeof paymentAttempt>;

const PAYMENT_COLUMNS = sql`id::int, order_number, cart_id::int, amount_cents::text, currency, merchant_code, terminal,
  status, finished_at`;
export type WebOrderInsert = {
  cartId: number;
  userId: string;
  clientId: string;
  storeId: string;
  storeName: string;
  deliveryDate: string;
  deliveryName: string;
  street: string | null;
  city: string | null;
  zipcode: string | null;
  country: string | null;
  addressId: number | null;
  alternative: boolean;
  customerRef: string;
  remarks: string;
  dlvModeId: string;
  dlvModeName: string;
  paymentMethodId: number;
  paymentMethodName: string;
  paymentId: number | null;
  /** The payment attempt whose checkout this order comes from (its cash locations too). */
  checkoutPaymentId: number | null;
  listAmount: string;
  netAmount: string;
  /** Null only for checkouts stored before migration 0015. */
  vatRateBp: number | null;
  vatAmount: string | null;
  totalAmount: string | null;
};
export function checkoutRepository(db: Db) {
  return {
    async addresses(clientId: string): Promise<AddressRow[]> {
      return queryRows(
        db,
        sql`select id, name, street, city, zipcode, country, is_default from client_addresses
            where client_accountnum = ${clientId} order by is_default desc, id`,
        addressRow,
      );
    },

    async userDefaultAddress(userId: string): Promise<number | null> {
      const rows = await queryRows(
        db,
        sql`select address_default_id as id from users where id = ${userId}`,
        z.object({ id: int.nullable() }),
      );
      return rows[0]?.id ?? null;
    },

    async dlvModes(storeId: string | null): Promise<DlvModeRow[]> {
      if (storeId === null) {
        return queryRows(
          db,
          sql`select id, name, name_i18n as names, pickup, carrier, false as is_default from delivery_modes
              order by sort, id`,
          dlvModeRow,
        );
      }
      return queryRows(
        db,
        sql`select m.id, m.name, m.name_i18n as names, m.pickup, m.carrier, sm.is_default from store_delivery_modes sm
              join delivery_modes m on m.id = sm.mode_id where sm.store_id = ${storeId} order by m.sort, m.id`,
        dlvModeRow,
      );
    },

    /** The delivery modes of several stores at once, by store. */
    async dlvModesOf(storeIds: string[]): Promise<Map<string, DlvModeRow[]>> {
      if (storeIds.length === 0) return new Map();
      const rows = await queryRows(
        db,
        sql`select sm.store_id, m.id, m.name, m.name_i18n as names, m.pickup, m.carrier, sm.is_default
              from store_delivery_modes sm
              join delivery_modes m on m.id = sm.mode_id
             where sm.store_id in (${sql.join(
               storeIds.map((id) => sql`${id}`),
               sql`, `,
             )}) order by m.sort, m.id`,
        dlvModeRow.extend({ store_id: z.string() }),
      );
      const byStore = new Map<string, DlvModeRow[]>(storeIds.map((id) => [id, []]));
      for (const { store_id, ...mode } of rows) byStore.get(store_id)?.push(mode);
      return byStore;
    },

    async paymentMethods(clientId: string): Promise<PaymentMethodRow[]> {
      return queryRows(
        db,
        sql`select p.id, p.name, p.name_i18n as names, p.canal_pago_cod, cp.is_default, p.calc_type, p.calc_percent_bp
              from client_payment_methods cp
              join payment_methods p on p.id = cp.payment_method_id
             where cp.client_accountnum = ${clientId} and p.active order by p.id`,
        paymentMethodRow,
      );
    },

    async client(accountnum: string) {
      const rows = await queryRows(
        db,
        sql`select accountnum, name, email, orders_blocked, store_id, vat_rate_bp, vat_exempt_reason from clients
             where accountnum = ${accountnum}`,
        z.object({
          accountnum: z.string(),
          name: z.string(),
          email: z.string().nullable(),
          orders_blocked: z.boolean(),
          store_id: z.string().nullable(),
          vat_rate_bp: int,
          vat_exempt_reason: z.string().nullable(),
        }),
      );
      return rows[0] ?? null;
    },

    async user(userId: string) {
      const rows = await queryRows(
        db,
        sql`select username, email from users where id = ${userId}`,
        z.object({ username: z.string(), email: z.string().nullable() }),
      );
      return rows[0] ?? null;
    },

    async stores(ids: string[]) {
      if (ids.length === 0) return [];
      return queryRows(
        db,
        sql`select id, name, street, city, zipcode, notice_email from stores
            where id in (${sql.join(
              ids.map((id) => sql`${id}`),
              sql`, `,
            )})`,
        z.object({
          id: z.string(),
          name: z.string(),
          street: z.string(),
          city: z.string(),
          zipcode: z.string(),
          notice_email: z.string().nullable(),
        }),
      );
    },

    async storeCheckout(cartId: number, checkout: unknown) {
      await db.execute(
        sql`update carts set checkout = ${JSON.stringify(checkout)}::jsonb, checkout_at = now() where id = ${cartId}`,
      );
    },

    /** Opens a payment attempt that charges `checkout` (stored with it: what a payment of it orders). */
    async createPayment(p: {
      cartId: number;
      amountCents: bigint;
      merchantCode: string;
      terminal: string;
      checkout: unknown;
    }): Promise<PaymentRow> {
      const [row] = await queryRows(
        db,
        sql`insert into payments (order_number, cart_id, amount_cents, merchant_code, terminal, checkout)
            values ('pending-' || gen_random_uuid(), ${p.cartId}, ${p.amountCents.toString()}, ${p.merchantCode},
                    ${p.terminal}, ${JSON.stringify(p.checkout)}::jsonb)
            returning id::int`,
        idRow,
      );
      // First four characters digits, 12 in all, unique per attempt: the attempt's serial number.
      const order = String(row!.id).padStart(12, '0');
      const [payment] = await queryRows(
        db,
        sql`update payments set order_number = ${order} where id = ${row!.id} returning ${PAYMENT_COLUMNS}`,
        paymentRow,
      );
      return payment!;
    },

    async payment(orderNumber: string): Promise<PaymentRow | null> {
      const rows = await queryRows(
        db,
        sql`select ${PAYMENT_COLUMNS} from payments where order_number = ${orderNumber}`,
        paymentRow,
      );
      return rows[0] ?? null;
    },

    /** An attempt with its checkout, locked when asked (after its cart: carts are always locked first). */
    async attempt(id: number, lock = false): Promise<PaymentAttempt | null> {
      const rows = await queryRows(
        db,
        sql`select ${PAYMENT_COLUMNS}, checkout from payments where id = ${id} ${lock ? sql`for update` : sql``}`,
        paymentAttempt,
      );
      return rows[0] ?? null;
    },

    async latestPayment(cartId: number): Promise<PaymentRow | null> {
      const rows = await queryRows(
        db,
        sql`select ${PAYMENT_COLUMNS} from payments where cart_id = ${cartId} order by id desc limit 1`,
        paymentRow,
      );
      return rows[0] ?? null;
    },

    /** The cart's attempts paid whose orders are not made yet, oldest first. */
    async paidUnfinished(cartId: number): Promise<PaymentRow[]> {
      return queryRows(
        db,
        sql`select ${PAYMENT_COLUMNS} from payments
             where cart_id = ${cartId} and status = 'authorised' and finished_at is null order by id`,
        paymentRow,
      );
    },

    async markFinished(paymentId: number) {
      await db.execute(sql`update payments set finished_at = now() where id = ${paymentId}`);
    },

    /**
     * The attempt whose orders closed the cart (the cart's first web orders): null when a checkout without a
     * card closed it, undefined when the cart has no orders.
     */
    async closingAttempt(cartId: number): Promise<PaymentRow | null | undefined> {
      const rows = await queryRows(
        db,
        sql`select checkout_payment_id::int as attempt from web_orders where cart_id = ${cartId} order by id limit 1`,
        z.object({ attempt: int.nullable() }),
      );
      if (rows.length === 0) return undefined;
      const id = rows[0]!.attempt;
      return id === null ? null : this.attempt(id);
    },

    /**
     * Decides a pending payment; answers false when it was decided already. An authorised one is a
     * `payment.confirmed` event for the ERP, written in the same transaction (decision 0059).
     */
    async decidePayment(
      id: number,
      status: 'authorised' | 'denied',
      responseCode: number | null,
      authorisation: string | null,
    ) {
      return db.transaction(async (tx) => {
        const [row] = await queryRows(
          tx,
          sql`update payments p set status = ${status}, response_code = ${responseCode},
                     authorisation_code = ${authorisation}, decided_at = now()
                from carts c
               where p.id = ${id} and p.status = 'pending' and c.id = p.cart_id
              returning p.order_number, p.cart_id::int as cart_id, c.client_accountnum,
                        (p.amount_cents / 100.0)::numeric(12,2)::text as amount,
                        ${isoTimestamp(sql`p.decided_at`)} as decided_at`,
          z.object({
            order_number: z.string(),
            cart_id: int,
            client_accountnum: z.string(),
            amount: z.string(),
            decided_at: z.string(),
          }),
        );
        if (!row) return false;
        if (status === 'authorised')
          await recordEvent(tx, {
            type: 'payment.confirmed',
            objectKey: `payment:${row.order_number}`,
            payload: {
              PAYMENTREFERENCE: row.order_number,
              SALESTABLEID: row.cart_id,
              CUSTACCOUNT: row.client_accountnum,
              AMOUNT: row.amount,
              CURRENCYCODE: 'EUR',
              AUTHORISATIONCODE: authorisation,
              CONFIRMEDAT: row.decided_at,
            },
          });
        return true;
      });
    },

    async logNotification(n: {
      source: string;
      order: string | null;
      valid: boolean;
      outcome: string;
      parameters: string;
    }) {
      await db.execute(sql`insert into payment_notifications (source, order_number, signature_valid, outcome, merchant_parameters)
        values (${n.source}, ${n.order}, ${n.valid}, ${n.outcome}, ${n.parameters.slice(0, 4000)})`);
    },

    /** Attempts paid whose orders were never made: what a lost finish left behind. */
    async paidUnfinishedAttempts(): Promise<{ id: number }[]> {
      return queryRows(
        db,
        sql`select id::int from payments where status = 'authorised' and finished_at is null and checkout is not null
             order by id`,
        idRow,
      );
    },

    async insertWebOrder(o: WebOrderInsert, lines: WebOrderLineInsert[]): Promise<number> {
      const [row] = await queryRows(
        db,
        sql`insert into web_orders (cart_id, user_id, client_accountnum, store_id, store_name, delivery_date, delivery_name,
              delivery_street, delivery_city, delivery_zipcode, delivery_country, address_id, alternative_address,
              customer_ref, remarks, dlv_mode_id, dlv_mode_name, payment_method_id, payment_method_name, payment_id,
              checkout_payment_id, list_amount, net_amount, vat_rate_bp, vat_amount, total_amount, next_attempt_at)
            values (${o.cartId}, ${o.userId}, ${o.clientId}, ${o.storeId}, ${o.storeName}, ${o.deliveryDate}, ${o.deliveryName},
              ${o.street}, ${o.city}, ${o.zipcode}, ${o.country}, ${o.addressId}, ${o.alternative},
              ${o.customerRef}, ${o.remarks}, ${o.dlvModeId}, ${o.dlvModeName}, ${o.paymentMethodId}, ${o.paymentMethodName},
              ${o.paymentId}, ${o.checkoutPaymentId}, ${o.listAmount}, ${o.netAmount}, ${o.vatRateBp}, ${o.vatAmount},
              ${o.totalAmount}, now())
            returning id::int`,
        idRow,
      );
      const id = row!.id;
      const values = lines.map(
        (l, i) =>
          sql`(${id}, ${i + 1}, ${l.articleId}, ${l.ref}, ${l.description}, ${l.family}, ${l.supplier}, ${l.quantity},
               ${l.pv1d}, ${l.net}, ${l.listAmount}, ${l.netAmount}, ${l.modelId}, ${l.searchLogId}, ${l.jobRef ?? null})`,
      );
      await db.execute(sql`insert into web_order_lines (web_order_id, line_no, article_id, ref_jumasa, description, family_code,
          supplier, quantity, pv1d, net_price, list_amount, net_amount, model_id, search_log_id, job_ref)
        values ${sql.join(values, sql`, `)}`);
      // The order's job references, once each, for the search (migration 0051, decision 0081).
      await db.execute(sql`insert into web_order_job_refs (web_order_id, job_ref, client_accountnum, ordered_at)
        select distinct w.id, l.job_ref, w.client_accountnum, w.ordered_at
          from web_order_lines l join web_orders w on w.id = l.web_order_id
         where l.web_order_id = ${id} and l.job_ref is not null`);
      return id;
    },

    /** A web order as its `web_order.created` event tells the ERP (web-order-event.repository.ts). */
    webOrderCreatedData: (id: number) => webOrderCreatedData(db, id),

    /** The web orders one checkout of the cart made: that of a payment attempt, or (null) the one without a card. */
    async webOrdersOf(cartId: number, attemptId: number | null) {
      return queryRows(
        db,
        sql`select id::int, store_id, store_name, net_amount::text, list_amount::text, vat_amount::text,
                   total_amount::text, payment_method_name, ordered_at
              from web_orders where cart_id = ${cartId} and checkout_payment_id is not distinct from ${attemptId}
             order by store_id`,
        z.object({
          id: int,
          store_id: z.string(),
          store_name: z.string(),
          net_amount: z.string(),
          list_amount: z.string(),
          vat_amount: z.string().nullable(),
          total_amount: z.string().nullable(),
          payment_method_name: z.string(),
          /** timestamptz text (the hand type said Date: it never was one). */
          ordered_at: pgText,
        }),
      );
    },

    /**
     * Takes what a checkout ordered out of the cart (each article's quantity, the line going when none is left).
     * An open cart is then closed and what it keeps moves to a new open cart; a cart closed already (a later
     * attempt paid) leaves it: the quantities come out of the open cart its lines moved to.
     */
    async takeOrdered(
      cart: { id: number; userId: string; clientId: string; open: boolean },
      ordered: { articleId: number; quantity: number }[],
    ) {
      let target = cart.id;
      if (!cart.open) {
        // Locked as every change of an open cart locks it (after the finished cart: never the other way round).
        const [open] = await queryRows(
          db,
          sql`select id::int from carts where user_id = ${cart.userId} and client_accountnum = ${cart.clientId}
                and status = 'open' for update`,
          idRow,
        );
        if (!open) return;
        target = open.id;
      }
      const values = sql.join(
        ordered.map((l) => sql`(${l.articleId}::int, ${l.quantity}::int)`),
        sql`, `,
      );
      await db.execute(sql`delete from cart_lines l using (values ${values}) o(article_id, quantity)
        where l.cart_id = ${target} and l.article_id = o.article_id and l.quantity <= o.quantity`);
      await db.execute(sql`update cart_lines l set quantity = l.quantity - o.quantity from (values ${values}) o(article_id, quantity)
        where l.cart_id = ${target} and l.article_id = o.article_id`);
      if (!cart.open) {
        // Its lines changed: a checkout stored on it is priced again.
        await db.execute(sql`update carts set version = version + 1 where id = ${target}`);
        return;
      }
      await db.execute(sql`update carts set status = 'finished', finished_at = now() where id = ${cart.id}`);
      const left = await queryRows(db, sql`select 1 from cart_lines where cart_id = ${cart.id} limit 1`, presenceRow);
      if (left.length === 0) return;
      const [next] = await queryRows(
        db,
        sql`insert into carts (user_id, client_accountnum) values (${cart.userId}, ${cart.clientId})
            on conflict (user_id, client_accountnum) where status = 'open' do update set created_at = carts.created_at
            returning id::int`,
        idRow,
      );
      await db.execute(sql`update cart_lines set cart_id = ${next!.id} where cart_id = ${cart.id}`);
    },

    async queueMails(mails: { to: string; subject: string; body: string }[]) {
      if (mails.length === 0) return;
      await db.execute(
        sql`insert into mail_outbox (recipient, subject, body) values ${sql.join(
          mails.map((m) => sql`(${m.to}, ${m.subject}, ${m.body})`),
          sql`, `,
        )}`,
      );
    },
  };
}
export type CheckoutRepository = ReturnType<typeof checkoutRepository>;
