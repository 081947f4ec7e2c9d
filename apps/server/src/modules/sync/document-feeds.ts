import {
  type CreditNoteRow,
  DOCUMENT_FEED_ROWS,
  type DocumentFeed,
  type InvoiceRow,
  type PackingSlipRow,
  type SalesOrderRow,
} from '@portal/contract/integration-documents';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { applyPackingSlips, applySalesOrders } from './document-appliers.repository.ts';
import type { DocumentOutcome, TaxedLineInput } from './document-batch.repository.ts';
import { applyCreditNotes, applyInvoices } from './invoice-appliers.repository.ts';

/**
 * How the feeds of the sales documents (decision 0066) read their rows: each row's key as the ERP names it, and its
 * fields as the document appliers take them. feeds.service.ts applies them as it does every feed.
 */
type DocumentSpec<R> = {
  schema: z.ZodType<R>;
  key: (row: Record<string, unknown>) => string;
  apply: (tx: Db, rows: R[]) => Promise<DocumentOutcome[]>;
};

const text = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? String(v) : '');
type TaxedRowLine = NonNullable<InvoiceRow['LINES']>[number];
const taxedLine = (l: TaxedRowLine): TaxedLineInput => ({
  lineNo: l.LINENUM ?? null,
  itemId: l.ITEMID,
  quantity: l.QTY,
  price: l.SALESPRICE,
  discountPct: l.LINEPERCENT ?? null,
  amount: l.LINEAMOUNT ?? null,
  vatPct: l.TAXPCT ?? null,
  vatAmount: l.TAXAMOUNT ?? null,
});

export const DOCUMENT_SPECS: { [F in DocumentFeed]: DocumentSpec<z.output<(typeof DOCUMENT_FEED_ROWS)[F]>> } = {
  'sales-orders': {
    schema: DOCUMENT_FEED_ROWS['sales-orders'],
    key: (r) => text(r.SALESID),
    apply: (tx, rows: SalesOrderRow[]) =>
      applySalesOrders(
        tx,
        rows.map((r) => ({
          salesId: r.SALESID,
          remove: r._delete === true,
          client: r.CUSTACCOUNT,
          storeId: r.INVENTLOCATIONID,
          createdAt: r.JUMCREATEDDATE,
          customerRef: r.CUSTOMERREF,
          deliveryName: r.DELIVERYNAME,
          dlvMode: r.DLVMODE,
          status: r.SALESSTATUS,
          originId: r.SALESORIGINID,
          taker: r.SALESTAKER,
          lines:
            r.LINES?.map((l) => ({
              lineNo: l.LINENUM ?? null,
              itemId: l.ITEMID,
              quantity: l.QTY,
              price: l.SALESPRICE,
              discountPct: l.LINEPERCENT ?? null,
              amount: l.LINEAMOUNT ?? null,
            })) ?? null,
        })),
      ),
  },
  'packing-slips': {
    schema: DOCUMENT_FEED_ROWS['packing-slips'],
    key: (r) => text(r.PACKINGSLIPID),
    apply: (tx, rows: PackingSlipRow[]) =>
      applyPackingSlips(
        tx,
        rows.map((r) => ({
          packingSlipId: r.PACKINGSLIPID,
          remove: r._delete === true,
          salesId: r.SALESID,
          deliveryDate: r.DELIVERYDATE,
          storeId: r.INVENTLOCATIONID ?? null,
          customerRef: r.CUSTOMERREF,
          deliveryName: r.DELIVERYNAME,
          dlvMode: r.DLVMODE,
          employee: r.JUMEMPLNAME,
          lines: r.LINES?.map((l) => ({ lineNo: l.LINENUM ?? null, itemId: l.ITEMID, quantity: l.QTY })) ?? null,
        })),
      ),
  },
  invoices: {
    schema: DOCUMENT_FEED_ROWS.invoices,
    key: (r) => text(r.INVOICEID),
    apply: (tx, rows: InvoiceRow[]) =>
      applyInvoices(
        tx,
        rows.map((r) => ({
          invoiceId: r.INVOICEID,
          remove: r._delete === true,
          salesId: r.SALESID,
          invoiceDate: r.INVOICEDATE,
          dueDate: r.DUEDATE ?? null,
          employee: r.JUMEMPLNAME,
          net: r.SALESBALANCE ?? null,
          vat: r.SUMTAX ?? null,
          total: r.INVOICEAMOUNT ?? null,
          lines: r.LINES?.map(taxedLine) ?? null,
        })),
      ),
  },
  'credit-notes': {
    schema: DOCUMENT_FEED_ROWS['credit-notes'],
    key: (r) => text(r.CREDITNOTEID),
    apply: (tx, rows: CreditNoteRow[]) =>
      applyCreditNotes(
        tx,
        rows.map((r) => ({
          creditNoteId: r.CREDITNOTEID,
          remove: r._delete === true,
          client: r.CUSTACCOUNT,
          date: r.INVOICEDATE,
          returnSalesId: r.RETURNSALESTABLEID ?? null,
          invoiceId: r.INVOICEID ?? null,
          invoicingName: r.INVOICINGNAME,
          net: r.SALESBALANCE ?? null,
          vat: r.SUMTAX ?? null,
          total: r.INVOICEAMOUNT ?? null,
          lines: r.LINES?.map(taxedLine) ?? null,
        })),
      ),
  },
};
