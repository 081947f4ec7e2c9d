-- ERP history: sales orders, packing slips and invoices mirrored from the business system, with their lines,
-- the many-to-many relations between them, employees and sales origins; the document download log and its
-- daily limit; the claim of a web order by the ERP import job. See docs/decisions/0012-erp-grids-and-counts.md.
--
-- ERP-mirrored tables (erp_*) carry no foreign keys: the ERP is their source of truth and a sync writes them
-- in any order. Names the grids show are copied onto the rows (store name, employee name) as the ERP's own
-- views do, so that every sortable column is a plain column of one table.

create table erp_sales_origins (
  id text primary key,                           -- SALESORIGINID
  name text not null
);

create table erp_employees (
  id text primary key,
  name text not null,
  store_id text
);

create table erp_sales_orders (
  sales_id text primary key,                     -- SALESID
  client_accountnum text not null,               -- CUSTACCOUNT
  created_at timestamptz not null,               -- JUMCREATEDDATE
  customer_ref text not null default '',         -- CUSTOMERREF
  store_id text not null,                        -- INVENTLOCATIONID
  store_name text not null,                      -- INVENTLOCATIONNAME
  delivery_name text not null,                   -- DELIVERYNAME
  delivery_street text,
  delivery_city text,
  delivery_zipcode text,
  status smallint not null check (status between 0 and 4),  -- SALESSTATUS: 0 none, 1 opened, 2 delivered, 3 invoiced, 4 canceled
  dlv_mode text not null,                        -- DLVMODE
  sales_origin_id text not null,                 -- SALESORIGINID
  sales_taker text not null,                     -- SALESTAKER (employee name)
  web_order_id bigint                            -- the portal web order it was imported from, if any
);
-- A client's orders in the default order (JUMCREATEDDATE desc), covering every grid column: counting,
-- filtering and sorting one client's orders reads this index only, not the table (decision 0012).
create index erp_sales_orders_client on erp_sales_orders (client_accountnum, created_at, sales_id)
  include (status, customer_ref, store_id, store_name, delivery_name, dlv_mode, sales_origin_id, sales_taker);
-- Everybody's orders (admins): the default order, and the status and store filters in that order.
create index erp_sales_orders_created on erp_sales_orders (created_at, sales_id);
create index erp_sales_orders_status on erp_sales_orders (status, created_at, sales_id);
create index erp_sales_orders_store on erp_sales_orders (store_id, created_at, sales_id);
create unique index erp_sales_orders_web_order on erp_sales_orders (web_order_id) where web_order_id is not null;

create table erp_sales_lines (
  sales_id text not null,
  line_no integer not null,                      -- LINENUM
  article_id integer,                            -- the portal article, when the item is one
  item_id text not null,                         -- ITEMID (our reference)
  name text not null,
  quantity numeric(12,2) not null,               -- SALESQTY
  sales_price numeric(12,2) not null,            -- SALESPRICE
  discount_pct numeric(5,2) not null default 0,  -- LINEPERCENT
  line_amount numeric(14,2) not null,            -- LINEAMOUNT
  primary key (sales_id, line_no)
);

create table erp_packing_slips (
  packing_slip_id text primary key,              -- PACKINGSLIPID
  client_accountnum text not null,               -- ORDERACCOUNT
  account_name text not null,                    -- ACCOUNTNAME
  delivery_date date not null,                   -- DELIVERYDATE
  customer_ref text not null default '',
  store_id text not null,
  store_name text not null,
  delivery_name text not null,
  delivery_street text,
  delivery_city text,
  delivery_zipcode text,
  dlv_mode text not null,
  employee_name text not null                    -- JUMEMPLNAME
);
create index erp_packing_slips_client on erp_packing_slips (client_accountnum, delivery_date, packing_slip_id)
  include (account_name, customer_ref, store_id, store_name, delivery_name, dlv_mode, employee_name);
create index erp_packing_slips_date on erp_packing_slips (delivery_date, packing_slip_id);
create index erp_packing_slips_store on erp_packing_slips (store_id, delivery_date, packing_slip_id);

create table erp_packing_slip_lines (
  packing_slip_id text not null,
  line_no integer not null,
  client_accountnum text not null,               -- the slip's client: the product filter reads its lines only
  sales_id text not null,
  sales_line_no integer not null,
  article_id integer,
  item_id text not null,
  name text not null,
  quantity numeric(12,2) not null,               -- delivered quantity
  -- What the product filter searches: reference and description in lower case (a plain LIKE is much faster
  -- than ILIKE on two columns).
  product_search text generated always as (lower(item_id || ' ' || name)) stored,
  primary key (packing_slip_id, line_no)
);
-- The product filter (filterProduct) of a client's packing slips: an index-only scan of their lines.
create index erp_packing_slip_lines_client on erp_packing_slip_lines (client_accountnum)
  include (packing_slip_id, product_search);

create table erp_invoices (
  invoice_id text primary key,                   -- INVOICEID
  client_accountnum text not null,               -- INVOICEACCOUNT
  invoicing_name text not null,                  -- INVOICINGNAME
  invoice_date date not null,                    -- INVOICEDATE
  due_date date not null,
  employee_name text not null,                   -- JUMEMPLNAME
  tax_id text,
  invoice_street text,
  invoice_city text,
  invoice_zipcode text,
  net_amount numeric(14,2) not null,             -- SALESBALANCE
  vat_amount numeric(14,2) not null,             -- SUMTAX
  total_amount numeric(14,2) not null            -- INVOICEAMOUNT
);
create index erp_invoices_client on erp_invoices (client_accountnum, invoice_date, invoice_id)
  include (invoicing_name, employee_name, net_amount, vat_amount, total_amount);
create index erp_invoices_date on erp_invoices (invoice_date, invoice_id);

create table erp_invoice_lines (
  invoice_id text not null,
  line_no integer not null,
  client_accountnum text not null,               -- the invoice's client: the product filter reads its lines only
  sales_id text not null,
  sales_line_no integer not null,
  article_id integer,
  item_id text not null,
  name text not null,
  quantity numeric(12,2) not null,
  sales_price numeric(12,2) not null,
  discount_pct numeric(5,2) not null default 0,
  line_amount numeric(14,2) not null,
  vat_pct numeric(5,2) not null,
  vat_amount numeric(14,2) not null,
  product_search text generated always as (lower(item_id || ' ' || name)) stored,
  primary key (invoice_id, line_no)
);
create index erp_invoice_lines_client on erp_invoice_lines (client_accountnum) include (invoice_id, product_search);

-- Which documents came from which: an order may have several packing slips and invoices, an invoice may
-- cover several orders and packing slips.
create table erp_sales_packing_slips (
  sales_id text not null,
  packing_slip_id text not null,
  primary key (sales_id, packing_slip_id)
);
create index erp_sales_packing_slips_slip on erp_sales_packing_slips (packing_slip_id, sales_id);

create table erp_sales_invoices (
  sales_id text not null,
  invoice_id text not null,
  primary key (sales_id, invoice_id)
);
create index erp_sales_invoices_invoice on erp_sales_invoices (invoice_id, sales_id);

create table erp_packing_slip_invoices (
  packing_slip_id text not null,
  invoice_id text not null,
  primary key (packing_slip_id, invoice_id)
);
create index erp_packing_slip_invoices_invoice on erp_packing_slip_invoices (invoice_id, packing_slip_id);

-- Every document download (part 2 §3 Document log).
create table document_logs (
  id bigserial primary key,
  document_id text not null,                     -- Document_Id
  document_type smallint not null check (document_type in (1, 2, 3)),  -- 1 orders, 2 delivery notes, 3 invoices
  extension_cod smallint not null check (extension_cod in (0, 1)),     -- 0 PDF, 1 Excel
  fecha timestamptz not null default now(),
  user_id uuid references users(id) on delete set null,
  username text not null,
  client_id text,
  log_cod smallint not null default 0            -- 0 downloaded
);
create index document_logs_fecha on document_logs (fecha desc);
create index document_logs_user_day on document_logs (user_id, fecha);

insert into app_settings (key, value) values ('documents.daily_download_limit', '200') on conflict do nothing;

-- The ERP import job claims a web order until this time (a lease): another instance, or this one after a
-- restart, takes it up only once the lease has run out.
alter table web_orders add column erp_claimed_until timestamptz;
-- The control list (admins, every client) in its default order.
create index web_orders_ordered on web_orders (ordered_at, id);
