-- One search over every document, and a job reference per cart line (issue 26; decision 0081).
--
-- A job reference (a plate, a work order, an insurer's claim number) is kept on the cart line, copied to the web
-- order's line when the order is placed, and once per web order in web_order_job_refs, which the search reads.
alter table cart_lines add column job_ref text check (length(job_ref) between 1 and 40);
alter table web_order_lines add column job_ref text check (length(job_ref) between 1 and 40);

create table web_order_job_refs (
  web_order_id bigint not null references web_orders(id) on delete cascade,
  job_ref text not null check (length(job_ref) between 1 and 40),
  -- The web order's client and date, copied: the search probes one index and sorts nothing.
  client_accountnum text not null,
  ordered_at timestamptz not null,
  primary key (web_order_id, job_ref)
);

-- The search answers each kind by a probe of one of these indexes: a prefix of the number or the reference in
-- capitals, as bytes (collation "C", so that the range [prefix, prefix || U+10FFFF) is the prefix and the index
-- gives the order too), newest last within one reference. A customer's search probes the client's index, staff's
-- the one across every client.
create index erp_sales_orders_search_id on erp_sales_orders (client_accountnum, (upper(sales_id)) collate "C");
create index erp_sales_orders_search_id_all on erp_sales_orders ((upper(sales_id)) collate "C");
create index erp_sales_orders_search_ref on erp_sales_orders
  (client_accountnum, (upper(customer_ref)) collate "C", created_at);
create index erp_sales_orders_search_ref_all on erp_sales_orders ((upper(customer_ref)) collate "C", created_at);

create index erp_invoices_search_id on erp_invoices (client_accountnum, (upper(invoice_id)) collate "C");
create index erp_invoices_search_id_all on erp_invoices ((upper(invoice_id)) collate "C");

create index erp_packing_slips_search_id on erp_packing_slips
  (client_accountnum, (upper(packing_slip_id)) collate "C");
create index erp_packing_slips_search_id_all on erp_packing_slips ((upper(packing_slip_id)) collate "C");
create index erp_packing_slips_search_ref on erp_packing_slips
  (client_accountnum, (upper(customer_ref)) collate "C", delivery_date);
create index erp_packing_slips_search_ref_all on erp_packing_slips ((upper(customer_ref)) collate "C", delivery_date);

create index web_orders_search_ref on web_orders (client_accountnum, (upper(customer_ref)) collate "C", ordered_at);
create index web_orders_search_ref_all on web_orders ((upper(customer_ref)) collate "C", ordered_at);
create index web_order_job_refs_search on web_order_job_refs
  (client_accountnum, (upper(job_ref)) collate "C", ordered_at);
create index web_order_job_refs_search_all on web_order_job_refs ((upper(job_ref)) collate "C", ordered_at);

create index refunds_search_return on refunds (client_accountnum, (upper(return_sales_id)) collate "C")
  where return_sales_id is not null;
create index refunds_search_return_all on refunds ((upper(return_sales_id)) collate "C")
  where return_sales_id is not null;
create index refunds_search_credit on refunds (client_accountnum, (upper(credit_note_id)) collate "C")
  where credit_note_id is not null;
create index refunds_search_credit_all on refunds ((upper(credit_note_id)) collate "C")
  where credit_note_id is not null;
