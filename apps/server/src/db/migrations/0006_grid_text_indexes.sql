-- Text filters of the document grids across every client (admins). A client's own documents are filtered
-- through the covering indexes of migration 0005; across a million documents a `cn` (contains), `bw` or `ew`
-- filter needs a trigram index of its column, or it reads the whole table when few rows match.
-- Trigram indexes answer patterns of 3 characters or more; see docs/decisions/0012-erp-grids-and-counts.md.
-- The client account's is on `(client_accountnum || '')`, the expression its filter compares: on the bare
-- column PostgreSQL would use it for the `client_accountnum = …` of every customer's own grid and leave the
-- covering index that answers that best.

create index erp_sales_orders_sales_id_trgm on erp_sales_orders using gin (sales_id gin_trgm_ops);
create index erp_sales_orders_account_trgm on erp_sales_orders using gin ((client_accountnum || '') gin_trgm_ops);
create index erp_sales_orders_customer_ref_trgm on erp_sales_orders using gin (customer_ref gin_trgm_ops);
create index erp_sales_orders_store_id_trgm on erp_sales_orders using gin (store_id gin_trgm_ops);
create index erp_sales_orders_store_name_trgm on erp_sales_orders using gin (store_name gin_trgm_ops);
create index erp_sales_orders_delivery_name_trgm on erp_sales_orders using gin (delivery_name gin_trgm_ops);
create index erp_sales_orders_dlv_mode_trgm on erp_sales_orders using gin (dlv_mode gin_trgm_ops);
create index erp_sales_orders_origin_trgm on erp_sales_orders using gin (sales_origin_id gin_trgm_ops);
create index erp_sales_orders_taker_trgm on erp_sales_orders using gin (sales_taker gin_trgm_ops);

create index erp_packing_slips_id_trgm on erp_packing_slips using gin (packing_slip_id gin_trgm_ops);
create index erp_packing_slips_account_trgm on erp_packing_slips using gin ((client_accountnum || '') gin_trgm_ops);
create index erp_packing_slips_account_name_trgm on erp_packing_slips using gin (account_name gin_trgm_ops);
create index erp_packing_slips_customer_ref_trgm on erp_packing_slips using gin (customer_ref gin_trgm_ops);
create index erp_packing_slips_store_id_trgm on erp_packing_slips using gin (store_id gin_trgm_ops);
create index erp_packing_slips_store_name_trgm on erp_packing_slips using gin (store_name gin_trgm_ops);
create index erp_packing_slips_delivery_name_trgm on erp_packing_slips using gin (delivery_name gin_trgm_ops);
create index erp_packing_slips_dlv_mode_trgm on erp_packing_slips using gin (dlv_mode gin_trgm_ops);
create index erp_packing_slips_employee_trgm on erp_packing_slips using gin (employee_name gin_trgm_ops);

create index erp_invoices_id_trgm on erp_invoices using gin (invoice_id gin_trgm_ops);
create index erp_invoices_account_trgm on erp_invoices using gin ((client_accountnum || '') gin_trgm_ops);
create index erp_invoices_invoicing_name_trgm on erp_invoices using gin (invoicing_name gin_trgm_ops);
create index erp_invoices_employee_trgm on erp_invoices using gin (employee_name gin_trgm_ops);

-- The product filter (filterProduct) across every client: the lines whose article matches, by trigram.
create index erp_invoice_lines_product_trgm on erp_invoice_lines using gin (product_search gin_trgm_ops);
create index erp_packing_slip_lines_product_trgm on erp_packing_slip_lines using gin (product_search gin_trgm_ops);

-- The amount filters of the invoices grid across every client (eq, lt, gt… on a number).
create index erp_invoices_net_amount on erp_invoices (net_amount);
create index erp_invoices_vat_amount on erp_invoices (vat_amount);
create index erp_invoices_total_amount on erp_invoices (total_amount);

-- A dense product pattern across every client probes each document's lines: from this index alone.
create index erp_invoice_lines_probe on erp_invoice_lines (invoice_id) include (product_search);
create index erp_packing_slip_lines_probe on erp_packing_slip_lines (packing_slip_id) include (product_search);
