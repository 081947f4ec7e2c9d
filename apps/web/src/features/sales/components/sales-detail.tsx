import type { SalesLine } from '@portal/contract/sales';
import { displayDocumentId } from '@portal/contract/sales';
import { useTranslation } from 'react-i18next';
import { DocumentDetail, DocumentFacts, DocumentTotals, relatedFact } from '@/components/data-grid/document-detail';
import {
  descriptionColumn,
  discountColumn,
  itemColumn,
  lineMoneyColumn,
  lineNumberColumn,
  quantityColumn,
} from '@/components/data-grid/document-lines';
import { DocumentToList } from '@/components/data-grid/document-to-list';
import { ReorderLink } from '@/components/data-grid/reorder-link';
import { ReportActions } from '@/components/data-grid/report-link';
import type { CardColumn } from '@/components/line-cards';
import { formatGridDate } from '@/lib/documents/grid-state';
import { formatMoney } from '@/lib/format';
import { useSalesHeader } from '../api/get-sales-header';
import { useSalesLines } from '../api/get-sales-lines';
import { SalesStatusTag } from './sales-status';

/** The selected order under the grid: its facts and its lines, loaded by id (also when not on the page). */
export function SalesDetail({ id }: { id: string }) {
  const { t } = useTranslation();
  const header = useSalesHeader(id);
  const lines = useSalesLines(id);
  const h = header.data;
  const shown = displayDocumentId(h?.SALESID ?? id);

  const columns: CardColumn<SalesLine>[] = [
    lineNumberColumn(t),
    itemColumn(t),
    descriptionColumn(t),
    quantityColumn(t, 'SALESQTY'),
    lineMoneyColumn('price', t('UI_Col_Price'), (l) => l.SALESPRICE),
    discountColumn(t),
    lineMoneyColumn('amount', t('UI_Col_LineAmount'), (l) => l.LINEAMOUNT, 120),
  ];
  const net = (lines.data ?? []).reduce((sum, l) => sum + l.LINEAMOUNT, 0);

  return (
    <DocumentDetail<SalesLine>
      title={t('UI_Sales_LinesOf', { id: shown })}
      notFoundText={t('UI_Sales_NotFound', { id: displayDocumentId(id) })}
      header={header}
      lines={lines}
      columns={columns}
      rowKey={(l) => String(l.LINENUM)}
      extra={
        <>
          <ReorderLink kind="order" id={h?.SALESID ?? id} />
          <DocumentToList kind="order" id={h?.SALESID ?? id} />
          <ReportActions kind="pedido" id={h?.SALESID ?? id} />
        </>
      }
      summary={
        h ? (
          <DocumentFacts
            items={[
              { key: 'date', label: t('UI_Col_Date'), children: formatGridDate(h.JUMCREATEDDATE) },
              { key: 'status', label: t('UI_Col_Status'), children: <SalesStatusTag status={h.SALESSTATUS} /> },
              { key: 'ref', label: t('UI_Col_CustomerRef'), children: h.CUSTOMERREF },
              { key: 'store', label: t('UI_Col_Store'), children: h.INVENTLOCATIONNAME },
              { key: 'delivery', label: t('UI_Col_DeliveryName'), children: h.DELIVERYNAME },
              { key: 'dlv', label: t('UI_Col_DlvMode'), children: h.DLVMODENAME ?? h.DLVMODE },
              relatedFact(t, 'packingslip', h.PackingSlipRelated, shown),
              relatedFact(t, 'invoice', h.InvoiceRelated, shown),
            ]}
          />
        ) : null
      }
      totals={<DocumentTotals items={[[t('UI_Col_Net'), formatMoney(net)]]} />}
    />
  );
}
