import type { SalesHeader } from '@portal/contract/sales';
import { displayDocumentId } from '@portal/contract/sales';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import {
  dateColumn,
  dlvModeColumn,
  documentIdColumn,
  relatedColumn,
  reportColumn,
  secondary,
  selectColumn,
  storeColumn,
  textColumn,
} from '@/components/data-grid/columns';
import type { GridColumnDef } from '@/components/data-grid/grid-types';
import { useDlvModesFilter } from '@/lib/documents/get-dlv-modes-filter';
import { useStoresFilter } from '@/lib/documents/get-stores-filter';
import { SALES_STATUS_ALL, SalesStatusTag, salesStatusOptions } from './sales-status';

/** The order grid's columns (spec part 2 §2 Orders), in the spec's order. */
export function useSalesColumns(): GridColumnDef<SalesHeader>[] {
  const { t } = useTranslation();
  const stores = useStoresFilter();
  const dlvModes = useDlvModesFilter();
  return useMemo(
    (): GridColumnDef<SalesHeader>[] => [
      documentIdColumn('SALESID', t('UI_Col_Order')),
      dateColumn('JUMCREATEDDATE', t('UI_Col_Date')),
      secondary(textColumn('CUSTACCOUNT', t('UI_Col_Account'), 110)),
      textColumn('CUSTOMERREF', t('UI_Col_CustomerRef'), 130),
      storeColumn(t, stores.data, stores.isPending),
      secondary(textColumn('DELIVERYNAME', t('UI_Col_DeliveryName'), 170)),
      {
        ...selectColumn(
          'SALESSTATUS',
          t('UI_Col_Status'),
          130,
          { allValue: SALES_STATUS_ALL, options: salesStatusOptions(t) },
          (r) => <SalesStatusTag status={r.SALESSTATUS} />,
        ),
        card: 'status',
      },
      secondary(dlvModeColumn(t, dlvModes.data, dlvModes.isPending)),
      secondary(textColumn('SALESORIGINID', t('UI_Col_SalesOrigin'), 110)),
      secondary(textColumn('SALESTAKER', t('UI_Col_Employee'), 140)),
      relatedColumn(t, 'packingslip', (r) => displayDocumentId(r.SALESID)),
      relatedColumn(t, 'invoice', (r) => displayDocumentId(r.SALESID)),
      reportColumn<SalesHeader>(t, 'pedido', (r) => r.SALESID),
    ],
    [t, stores.data, stores.isPending, dlvModes.data, dlvModes.isPending],
  );
}
