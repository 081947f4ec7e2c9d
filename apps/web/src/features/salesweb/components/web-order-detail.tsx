import { useTranslation } from 'react-i18next';
import { DocumentDetail, DocumentFacts, DocumentTotals, relatedFact } from '@/components/data-grid/document-detail';
import {
  descriptionColumn,
  itemColumn,
  lineMoneyColumn,
  lineNumberColumn,
  quantityColumn,
} from '@/components/data-grid/document-lines';
import { DocumentToList } from '@/components/data-grid/document-to-list';
import { ReorderLink } from '@/components/data-grid/reorder-link';
import type { CardColumn } from '@/components/line-cards';
import { formatGridDate } from '@/lib/documents/grid-state';
import { formatMoney } from '@/lib/format';
import { useWebOrderHeader } from '../api/get-web-order-header';
import { useWebOrderLines, type WebOrderLine } from '../api/get-web-order-lines';
import { WebOrderImportTag } from './web-order-status';

/** The selected web order under the grid: its facts, its ERP state and its lines. */
export function WebOrderDetail({ id }: { id: number }) {
  const { t } = useTranslation();
  const header = useWebOrderHeader(id);
  const lines = useWebOrderLines(id);
  const h = header.data;
  const shown = String(id);

  const columns: CardColumn<WebOrderLine>[] = [
    lineNumberColumn(t),
    itemColumn(t),
    descriptionColumn(t),
    {
      key: 'family',
      title: t('UI_Col_Family'),
      width: 120,
      render: (_, l) => (l.FAMILY ? t(`FAMILY_${l.FAMILY}`, { defaultValue: l.FAMILY }) : ''),
    },
    // The lines' job references (a plate, a work order; decision 0081), when the order has any.
    ...(lines.data?.some((l) => l.JOBREF)
      ? [{ key: 'jobref', title: t('UI_Col_JobRef'), dataIndex: 'JOBREF', width: 140, card: 'detail' as const }]
      : []),
    quantityColumn(t, 'QTY'),
    lineMoneyColumn('pv1d', t('UI_Col_ListPrice'), (l) => l.PV1D, 110, 'detail'),
    lineMoneyColumn('price', t('UI_Col_Price'), (l) => l.SALESPRICE),
    lineMoneyColumn('amount', t('UI_Col_LineAmount'), (l) => l.LINEAMOUNT, 120),
  ];

  return (
    <DocumentDetail<WebOrderLine>
      title={t('UI_SalesWeb_LinesOf', { id: shown })}
      notFoundText={t('UI_SalesWeb_NotFound', { id: shown })}
      header={header}
      lines={lines}
      columns={columns}
      rowKey={(l) => String(l.LINENUM)}
      extra={
        <>
          <ReorderLink kind="weborder" id={shown} />
          <DocumentToList kind="weborder" id={shown} />
        </>
      }
      summary={
        h ? (
          <DocumentFacts
            items={[
              { key: 'date', label: t('UI_Col_OrderDate'), children: formatGridDate(h.FechaPedido) },
              { key: 'delivery', label: t('UI_Col_DeliveryDate'), children: formatGridDate(h.DELIVERYDATE) },
              { key: 'ref', label: t('UI_Col_CustomerRef'), children: h.CUSTOMERREF },
              { key: 'store', label: t('UI_Col_Store'), children: h.INVENTLOCATIONNAME },
              { key: 'dlv', label: t('UI_Col_DlvMode'), children: h.DLVMODENAME },
              { key: 'payment', label: t('UI_Col_PaymentMethod'), children: h.PAYMENTMETHODNAME },
              { key: 'imported', label: t('UI_Col_Imported'), children: <WebOrderImportTag order={h} /> },
              relatedFact(t, 'sales', h.SalesRelated, shown),
              ...(h.JUMSALESOBS ? [{ key: 'obs', label: t('UI_Col_Remarks'), children: h.JUMSALESOBS, span: 4 }] : []),
            ]}
          />
        ) : null
      }
      totals={h ? <DocumentTotals items={[[t('UI_Col_Net'), formatMoney(h.AMOUNT)]]} /> : null}
    />
  );
}
