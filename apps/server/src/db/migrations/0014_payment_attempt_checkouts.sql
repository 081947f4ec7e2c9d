-- Each card payment attempt keeps the checkout it charged (docs/decisions/0011): a paid attempt, even one a newer
-- attempt superseded, ends in web orders for exactly that checkout, once (finished_at, set in the transaction
-- that makes its orders).
alter table payments add column checkout jsonb;
alter table payments add column finished_at timestamptz;

-- The attempt whose checkout made a web order (its cash locations too; payment_id names only the card ones).
-- Null for checkouts without a card. A cart may now hold the orders of several paid attempts, one per store each.
alter table web_orders add column checkout_payment_id bigint references payments(id);
alter table web_orders drop constraint web_orders_cart_id_store_id_key;
create unique index web_orders_cart_attempt_store on web_orders (cart_id, coalesce(checkout_payment_id, 0), store_id);

-- Carts finished before: their orders belong to the attempt that paid them.
update web_orders w set checkout_payment_id = p.payment_id
  from (select cart_id, max(payment_id) as payment_id from web_orders where payment_id is not null group by cart_id) p
 where p.cart_id = w.cart_id;
update payments p set finished_at = coalesce(c.finished_at, now())
  from carts c where c.id = p.cart_id and exists (select 1 from web_orders w where w.checkout_payment_id = p.id);
-- Open carts: the newest attempt charged the checkout stored on the cart.
update payments p set checkout = c.checkout
  from carts c
 where c.id = p.cart_id and c.status = 'open' and c.checkout is not null
   and p.id = (select max(id) from payments q where q.cart_id = c.id)
   and (c.checkout ->> 'cardCents')::bigint = p.amount_cents;

-- The recovery sweep's question: attempts paid but not finished.
create index payments_paid_unfinished on payments (id) where status = 'authorised' and finished_at is null;
