import type { PackingSlipHeader } from '@portal/contract/sales';
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
  storeColumn,
  textColumn,
} from '@/components/data-grid/columns';
import type { GridColumnDef } from '@/components/data-grid/grid-types';
import { useDlvModesFilter } from '@/lib/documents/get-dlv-modes-filter';
import { useStoresFilter } from '@/lib/documents/get-stores-filter';

/** The packing slip grid's columns (spec part 2 §3), with the store and delivery-mode filter selects. */
export function usePackingSlipColumns(): GridColumnDef<PackingSlipHeader>[] {
  const { t } = useTranslation();
  const stores = useStoresFilter();
  const dlvModes = useDlvModesFilter();
  return useMemo(
    (): GridColumnDef<PackingSlipHeader>[] => [
      documentIdColumn('PACKINGSLIPID', t('UI_Col_PackingSlip')),
      dateColumn('DELIVERYDATE', t('UI_Col_DeliveryDate')),
      secondary(textColumn('ORDERACCOUNT', t('UI_Col_Account'), 110)),
      secondary(textColumn('ACCOUNTNAME', t('UI_Col_AccountName'), 170)),
      textColumn('CUSTOMERREF', t('UI_Col_CustomerRef'), 130),
      storeColumn(t, stores.data, stores.isPending),
      textColumn('DELIVERYNAME', t('UI_Col_DeliveryName'), 130),
      secondary(dlvModeColumn(t, dlvModes.data, dlvModes.isPending)),
      secondary(textColumn('JUMEMPLNAME', t('UI_Col_Employee'), 140)),
      relatedColumn(t, 'sales', (r) => displayDocumentId(r.PACKINGSLIPID)),
      relatedColumn(t, 'invoice', (r) => displayDocumentId(r.PACKINGSLIPID)),
      reportColumn<PackingSlipHeader>(t, 'albaran', (r) => r.PACKINGSLIPID),
    ],
    [t, stores.data, stores.isPending, dlvModes.data, dlvModes.isPending],
  );
}
