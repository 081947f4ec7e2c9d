import { STATUS_ALL } from '@portal/contract/grids';
import { REFUND_STATUS_CODES, type RefundHeader } from '@portal/contract/refunds';
import { displayDocumentId } from '@portal/contract/sales';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { onCard, secondary, selectColumn, textColumn } from '@/components/data-grid/columns';
import type { GridColumnDef } from '@/components/data-grid/grid-types';
import { formatDateTime } from '@/lib/format';
import { RefundStageTag, RefundStatusTag } from './refund-status';

/** The refunds grid's columns; staff also see the client and the store (every client's refunds). */
export function useRefundColumns(staff: boolean): GridColumnDef<RefundHeader>[] {
  const { t } = useTranslation();
  return useMemo((): GridColumnDef<RefundHeader>[] => {
    const columns: GridColumnDef<RefundHeader>[] = [
      {
        key: 'Id',
        title: t('UI_Refunds_Col_Id'),
        sortField: 'Id',
        width: 110,
        fixed: 'left',
        card: 'id',
        render: (r) => <span className="doc-id">{r.Id}</span>,
      },
      {
        key: 'Fecha_Peticion',
        title: t('UI_Refunds_Col_Requested'),
        sortField: 'Fecha_Peticion',
        filter: { field: 'Fecha_Peticion', kind: 'dateRange' },
        width: 200,
        card: 'date',
        render: (r) => <span className="doc-nowrap">{formatDateTime(r.Fecha_Peticion)}</span>,
      },
      onCard(
        selectColumn<RefundHeader>(
          'STATUS',
          t('UI_Refunds_Col_Status'),
          130,
          {
            options: REFUND_STATUS_CODES.map((c) => ({ value: String(c), label: t(`UI_Refunds_Status_${c}`) })),
            allValue: String(STATUS_ALL),
          },
          (r) => <RefundStatusTag status={r.STATUS} />,
        ),
        'status',
      ),
      {
        key: 'STAGE',
        title: t('UI_Refunds_Col_Step'),
        sortField: 'STAGE',
        width: 190,
        render: (r) => <RefundStageTag stage={r.STAGE} />,
      },
      ...(staff
        ? [
            textColumn<RefundHeader>('CUSTACCOUNT', t('UI_Col_Account'), 110),
            textColumn<RefundHeader>('CUSTNAME', t('UI_Refunds_Client'), 190),
            textColumn<RefundHeader>('INVENTLOCATIONNAME', t('UI_Refunds_Store'), 150),
          ]
        : [secondary(textColumn<RefundHeader>('INVENTLOCATIONNAME', t('UI_Refunds_Store'), 150))]),
      textColumn<RefundHeader>('OBSERVATIONS', t('UI_Refunds_Observations'), 200),
      { key: 'QUANTITY', title: t('UI_Refunds_Col_Units'), width: 90, align: 'right', render: (r) => r.QUANTITY },
      secondary({
        key: 'Fecha_Tramitacion',
        title: t('UI_Refunds_Col_Processed'),
        sortField: 'Fecha_Tramitacion',
        width: 170,
        render: (r) => <span className="doc-nowrap">{formatDateTime(r.Fecha_Tramitacion)}</span>,
      }),
      secondary({
        ...textColumn<RefundHeader>('RETURNSALESTABLEID', t('UI_Refunds_Col_ReturnOrder'), 150),
        render: (r) => displayDocumentId(r.RETURNSALESTABLEID),
      }),
      {
        ...textColumn<RefundHeader>('CREDITNOTEID', t('UI_Refunds_Col_CreditNote'), 140),
        render: (r) => displayDocumentId(r.CREDITNOTEID),
      },
    ];
    return columns;
  }, [t, staff]);
}
