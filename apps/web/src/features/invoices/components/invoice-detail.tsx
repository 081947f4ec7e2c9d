import { displayDocumentId } from '@portal/contract/sales';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { DocumentDetail, DocumentFacts, DocumentTotals, relatedFact } from '@/components/data-grid/document-detail';
import {
  descriptionColumn,
  discountColumn,
  itemColumn,
  lineActionColumn,
  lineMoneyColumn,
  lineNumberColumn,
  orderLineColumn,
  quantityColumn,
} from '@/components/data-grid/document-lines';
import { DocumentToList } from '@/components/data-grid/document-to-list';
import { ReorderLink } from '@/components/data-grid/reorder-link';
import { ReportActions } from '@/components/data-grid/report-link';
import type { CardColumn } from '@/components/line-cards';
import { formatGridDate } from '@/lib/documents/grid-state';
import { formatMoney } from '@/lib/format';
import { useInvoiceHeader } from '../api/get-invoice-header';
import { type InvoiceLine, useInvoiceLines } from '../api/get-invoice-lines';

/** What the app puts at the end of each invoice line (the returns area's refund action). */
export type InvoiceLineAction = ComponentType<{ invoiceId: string; lineNo: number }>;

/** The selected invoice under the grid: its facts, its lines with VAT, and its totals. */
export function InvoiceDetail({ id, LineAction }: { id: string; LineAction?: InvoiceLineAction }) {
  const { t } = useTranslation();
  const header = useInvoiceHeader(id);
  const lines = useInvoiceLines(id);
  const h = header.data;
  const docId = h?.INVOICEID ?? id;
  const shown = displayDocumentId(docId);

  const columns: CardColumn<InvoiceLine>[] = [
    lineNumberColumn(t),
    orderLineColumn(t, shown),
    itemColumn(t),
    descriptionColumn(t),
    quantityColumn(t, 'QTY'),
    lineMoneyColumn('price', t('UI_Col_Price'), (l) => l.SALESPRICE),
    discountColumn(t),
    lineMoneyColumn('amount', t('UI_Col_LineAmount'), (l) => l.LINEAMOUNT, 120),
    { key: 'vatpct', title: t('UI_Col_VatPct'), width: 80, align: 'right', render: (_, l) => `${l.TAXPERCENT} %` },
    lineMoneyColumn('vat', t('UI_Col_VatAmount'), (l) => l.TAXAMOUNT, 110, 'detail'),
    ...(LineAction ? [lineActionColumn<InvoiceLine>((l) => <LineAction invoiceId={docId} lineNo={l.LINENUM} />)] : []),
  ];

  return (
    <DocumentDetail<InvoiceLine>
      title={t('UI_Invoice_LinesOf', { id: shown })}
      notFoundText={t('UI_Invoice_NotFound', { id: displayDocumentId(id) })}
      header={header}
      lines={lines}
      columns={columns}
      rowKey={(l) => String(l.LINENUM)}
      extra={
        <>
          <ReorderLink kind="invoice" id={docId} />
          <DocumentToList kind="invoice" id={docId} />
          <ReportActions kind="factura" id={docId} />
        </>
      }
      summary={
        h ? (
          <DocumentFacts
            items={[
              { key: 'date', label: t('UI_Col_Date'), children: formatGridDate(h.INVOICEDATE) },
              { key: 'account', label: t('UI_Col_Account'), children: h.INVOICEACCOUNT },
              { key: 'name', label: t('UI_Col_AccountName'), children: h.INVOICINGNAME },
              { key: 'employee', label: t('UI_Col_Employee'), children: h.JUMEMPLNAME },
              relatedFact(t, 'sales', h.SalesRelated, shown),
              relatedFact(t, 'packingslip', h.PackingSlipRelated, shown),
            ]}
          />
        ) : null
      }
      totals={
        h ? (
          <DocumentTotals
            items={[
              [t('UI_Col_Net'), formatMoney(h.SALESBALANCE)],
              [t('UI_Col_Vat'), formatMoney(h.SUMTAX)],
              [t('UI_Col_Total'), formatMoney(h.INVOICEAMOUNT)],
            ]}
          />
        ) : null
      }
    />
  );
}
