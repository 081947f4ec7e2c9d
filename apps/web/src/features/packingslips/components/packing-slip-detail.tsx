import { displayDocumentId } from '@portal/contract/sales';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { DocumentDetail, DocumentFacts, DocumentTotals, relatedFact } from '@/components/data-grid/document-detail';
import {
  descriptionColumn,
  itemColumn,
  lineActionColumn,
  lineNumberColumn,
  orderLineColumn,
  quantityColumn,
} from '@/components/data-grid/document-lines';
import { DocumentToList } from '@/components/data-grid/document-to-list';
import { ReorderLink } from '@/components/data-grid/reorder-link';
import { ReportActions } from '@/components/data-grid/report-link';
import type { CardColumn } from '@/components/line-cards';
import { formatGridDate } from '@/lib/documents/grid-state';
import { usePackingSlipHeader } from '../api/get-packing-slip-header';
import { type PackingSlipLine, usePackingSlipLines } from '../api/get-packing-slip-lines';

/** What the app puts at the end of each delivered line (the returns area's Devolver button). */
export type PackingSlipLineAction = ComponentType<{ packingSlipId: string; lineNo: number }>;

/** The selected packing slip under the grid: its facts and its delivered lines. */
export function PackingSlipDetail({ id, LineAction }: { id: string; LineAction?: PackingSlipLineAction }) {
  const { t } = useTranslation();
  const header = usePackingSlipHeader(id);
  const lines = usePackingSlipLines(id);
  const h = header.data;
  const docId = h?.PACKINGSLIPID ?? id;
  const shown = displayDocumentId(docId);

  const columns: CardColumn<PackingSlipLine>[] = [
    lineNumberColumn(t),
    orderLineColumn(t, shown),
    itemColumn(t),
    descriptionColumn(t),
    quantityColumn(t, 'QTY', 100),
    ...(LineAction
      ? [lineActionColumn<PackingSlipLine>((l) => <LineAction packingSlipId={docId} lineNo={l.LINENUM} />)]
      : []),
  ];
  const units = (lines.data ?? []).reduce((sum, l) => sum + l.QTY, 0);

  return (
    <DocumentDetail<PackingSlipLine>
      title={t('UI_PackingSlip_LinesOf', { id: shown })}
      notFoundText={t('UI_PackingSlip_NotFound', { id: displayDocumentId(id) })}
      header={header}
      lines={lines}
      columns={columns}
      rowKey={(l) => `${l.SALESID}-${l.LINENUM}`}
      extra={
        <>
          <ReorderLink kind="packingslip" id={docId} />
          <DocumentToList kind="packingslip" id={docId} />
          <ReportActions kind="albaran" id={docId} />
        </>
      }
      summary={
        h ? (
          <DocumentFacts
            items={[
              { key: 'date', label: t('UI_Col_DeliveryDate'), children: formatGridDate(h.DELIVERYDATE) },
              { key: 'ref', label: t('UI_Col_CustomerRef'), children: h.CUSTOMERREF },
              { key: 'store', label: t('UI_Col_Store'), children: h.INVENTLOCATIONNAME },
              { key: 'dlv', label: t('UI_Col_DlvMode'), children: h.DLVMODENAME ?? h.DLVMODE },
              { key: 'delivery', label: t('UI_Col_DeliveryName'), children: h.DELIVERYNAME },
              { key: 'employee', label: t('UI_Col_Employee'), children: h.JUMEMPLNAME },
              relatedFact(t, 'sales', h.SalesRelated, shown),
              relatedFact(t, 'invoice', h.InvoiceRelated, shown),
            ]}
          />
        ) : null
      }
      totals={<DocumentTotals items={[[t('UI_Docs_Units'), units]]} />}
    />
  );
}
