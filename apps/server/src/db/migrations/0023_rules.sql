-- Commercial rules (issue 16; decision 0042): what a payment method's calculation type applies, and the client a
-- method is offered to alone (/setting/paymentmethod/new?c_id=).
alter table payment_methods
  add column calc_percent_bp integer not null default 0 check (calc_percent_bp between 0 and 2000),
  add column client_accountnum text references clients(accountnum) on delete cascade,
  add constraint payment_methods_calc_type check (calc_type in (0, 1, 2)),
  add constraint payment_methods_calc_percent check (calc_type <> 0 or calc_percent_bp = 0);
