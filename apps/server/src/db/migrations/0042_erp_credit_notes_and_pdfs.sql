-- The ERP's documents fed through the integration API (issue 23; decision 0066): the credit notes of returns with
-- their lines, and the PDF the ERP made of a document (sales order, packing slip, invoice, credit note).
--
-- Like the other erp_* tables, no foreign keys: the ERP is their source of truth and feeds arrive in any order.

create table erp_credit_notes (
  credit_note_id text primary key,               -- CREDITNOTEID (the refund's credit note)
  client_accountnum text not null,               -- CUSTACCOUNT
  invoicing_name text not null,                  -- INVOICINGNAME (the client's name when not sent)
  credit_date date not null,                     -- INVOICEDATE
  return_sales_id text,                          -- RETURNSALESTABLEID: the return order it credits
  invoice_id text,                               -- INVOICEID: the invoice it corrects, when the ERP names one
  net_amount numeric(14,2) not null,             -- SALESBALANCE
  vat_amount numeric(14,2) not null,             -- SUMTAX
  total_amount numeric(14,2) not null            -- INVOICEAMOUNT
);
create index erp_credit_notes_client on erp_credit_notes (client_accountnum, credit_date, credit_note_id);
create index erp_credit_notes_return on erp_credit_notes (return_sales_id) where return_sales_id is not null;

create table erp_credit_note_lines (
  credit_note_id text not null,
  line_no integer not null,                      -- LINENUM
  client_accountnum text not null,
  article_id integer,
  item_id text not null,                         -- ITEMID
  name text not null,
  quantity numeric(12,2) not null,               -- QTY
  sales_price numeric(12,2) not null,            -- SALESPRICE
  discount_pct numeric(5,2) not null default 0,  -- LINEPERCENT
  line_amount numeric(14,2) not null,            -- LINEAMOUNT
  vat_pct numeric(5,2) not null,                 -- TAXPCT
  vat_amount numeric(14,2) not null,             -- TAXAMOUNT
  primary key (credit_note_id, line_no)
);

-- The ERP's own PDF of a document: the customer's PDF download serves it instead of the one the portal draws.
-- `kind`: sales-order, packing-slip, invoice, credit-note; the file is in the storage under erp-documents/.
create table erp_document_pdfs (
  kind text not null check (kind in ('sales-order', 'packing-slip', 'invoice', 'credit-note')),
  document_id text not null,
  path text not null,
  size bigint not null,
  sha256 text not null,
  received_at timestamptz not null,
  primary key (kind, document_id)
);
