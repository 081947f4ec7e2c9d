import type { WebOrderHeader } from '@portal/contract/sales';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  amountColumn,
  dateColumn,
  onCard,
  relatedColumn,
  secondary,
  selectColumn,
  storeColumn,
  textColumn,
} from '@/components/data-grid/columns';
import type { GridColumnDef } from '@/components/data-grid/grid-types';
import { useStoresFilter } from '@/lib/documents/get-stores-filter';
import { WebOrderImportTag } from './web-order-status';

type Column = GridColumnDef<WebOrderHeader>;

/**
 * The web order grid's columns (spec part 2 §3 Web order header). The admins' control list adds the
 * client, the user, the ERP error and the retry count. Secondary columns wait in the column chooser
 * (decision 0021): the control list shows the ERP state instead of the delivery facts.
 */
export function useWebOrderColumns(control: boolean): Column[] {
  const { t } = useTranslation();
  const stores = useStoresFilter();
  return useMemo((): Column[] => {
    const yesNo = [
      { value: 'true', label: t('UI_Grid_Yes') },
      { value: 'false', label: t('UI_Grid_No') },
    ];
    const first: Column[] = [
      {
        key: 'Id',
        title: t('UI_Col_WebOrder'),
        sortField: 'Id',
        filter: { field: 'Id', kind: 'number' },
        width: 110,
        fixed: 'left',
        card: 'id',
        render: (r) => <span className="doc-id">{r.Id}</span>,
      },
      dateColumn('FechaPedido', t('UI_Col_OrderDate')),
    ];
    // The control list leaves the customer's reference and store to the chooser, for the ERP columns.
    const byRole = (column: Column): Column => (control ? { ...column, secondary: true } : column);
    const client: Column[] = control
      ? [textColumn('CUSTACCOUNT', t('UI_Col_Account'), 110), secondary(textColumn('USERNAME', t('UI_Col_User'), 170))]
      : [];
    const middle: Column[] = [
      secondary(dateColumn('DELIVERYDATE', t('UI_Col_DeliveryDate'), 'date', 150, null)),
      byRole(textColumn('CUSTOMERREF', t('UI_Col_CustomerRef'), 130)),
      secondary(textColumn('DELIVERYNAME', t('UI_Col_DeliveryName'), 170)),
      byRole(storeColumn(t, stores.data, stores.isPending)),
      secondary(textColumn('DLVMODENAME', t('UI_Col_DlvMode'), 150)),
      secondary(textColumn('PAYMENTMETHODNAME', t('UI_Col_PaymentMethod'), 150)),
      secondary(
        selectColumn(
          'MEDIO_COD',
          t('UI_Col_Channel'),
          120,
          {
            options: [
              { value: '0', label: t('UI_Channel_0') },
              { value: '1', label: t('UI_Channel_1') },
            ],
          },
          (r) => t(`UI_Channel_${r.MEDIO_COD}`),
        ),
      ),
      onCard(amountColumn('AMOUNT', t('UI_Col_Net'), 130), 'amount'),
      secondary(textColumn('JUMSALESOBS', t('UI_Col_Remarks'), 180)),
      onCard(
        selectColumn('IMPORTED', t('UI_Col_Imported'), 130, { options: yesNo }, (r) => <WebOrderImportTag order={r} />),
        'status',
      ),
    ];
    const erp: Column[] = control
      ? [
          textColumn('ERROR', t('UI_Col_Error'), 200),
          {
            key: 'REINTENTOSWEB',
            title: t('UI_Col_Retries'),
            sortField: 'REINTENTOSWEB',
            filter: { field: 'REINTENTOSWEB', kind: 'number' },
            width: 110,
            secondary: true,
            align: 'right',
            render: (r) => r.REINTENTOSWEB,
          },
        ]
      : [];
    const last: Column[] = [
      relatedColumn(t, 'sales', (r) => String(r.Id)),
      {
        key: 'SalesLink',
        title: t('UI_Col_Receipt'),
        width: 120,
        fixed: 'right',
        card: 'links',
        render: (r) =>
          r.SalesLink?.startsWith('/') ? (
            <Link to={r.SalesLink} onClick={(e) => e.stopPropagation()} data-testid="receipt-link">
              {t('UI_SalesWeb_Receipt')}
            </Link>
          ) : null,
      },
    ];
    return [...first, ...client, ...middle, ...erp, ...last];
  }, [t, control, stores.data, stores.isPending]);
}
