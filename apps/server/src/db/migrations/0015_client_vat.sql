-- Each client's tax treatment (docs/decisions/0019): the VAT rate in basis points (2100 = 21 %) its orders are
-- charged, and when it is exempt (an intra-community delivery), the reason printed with the 0 %. Existing clients
-- are Spanish: the Spanish general rate.
alter table clients add column country text not null default 'ES';
alter table clients add column vat_rate_bp integer not null default 2100;
alter table clients add column vat_exempt_reason text;
alter table clients add constraint clients_vat_rate check (vat_rate_bp between 0 and 10000);
alter table clients add constraint clients_vat_exempt check (vat_exempt_reason is null or vat_rate_bp = 0);

-- What each web order was charged: its base (net_amount), the rate, the VAT rounded once per order and the total.
-- Null on orders made before.
alter table web_orders add column vat_rate_bp integer;
alter table web_orders add column vat_amount numeric(14,2);
alter table web_orders add column total_amount numeric(14,2);
