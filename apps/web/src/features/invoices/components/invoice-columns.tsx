import type { InvoiceHeader } from '@portal/contract/sales';
import { displayDocumentId } from '@portal/contract/sales';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import {
  amountColumn,
  dateColumn,
  documentIdColumn,
  onCard,
  relatedColumn,
  reportColumn,
  secondary,
  textColumn,
} from '@/components/data-grid/columns';
import type { GridColumnDef } from '@/components/data-grid/grid-types';

/** The invoice grid's columns (spec part 2 §3 Invoice columns), with the amounts. */
export function useInvoiceColumns(): GridColumnDef<InvoiceHeader>[] {
  const { t } = useTranslation();
  return useMemo(
    (): GridColumnDef<InvoiceHeader>[] => [
      documentIdColumn('INVOICEID', t('UI_Col_Invoice')),
      dateColumn('INVOICEDATE', t('UI_Col_Date')),
      secondary(textColumn('INVOICEACCOUNT', t('UI_Col_Account'), 110)),
      secondary(textColumn('INVOICINGNAME', t('UI_Col_AccountName'), 190)),
      secondary(textColumn('JUMEMPLNAME', t('UI_Col_Employee'), 140)),
      amountColumn('SALESBALANCE', t('UI_Col_Net'), 140),
      amountColumn('SUMTAX', t('UI_Col_Vat'), 110),
      onCard(amountColumn('INVOICEAMOUNT', t('UI_Col_Total'), 120, true), 'amount'),
      relatedColumn(t, 'sales', (r) => displayDocumentId(r.INVOICEID)),
      relatedColumn(t, 'packingslip', (r) => displayDocumentId(r.INVOICEID)),
      reportColumn<InvoiceHeader>(t, 'factura', (r) => r.INVOICEID),
    ],
    [t],
  );
}
