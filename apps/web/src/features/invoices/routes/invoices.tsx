import { INVOICES_GRID, type InvoiceHeader } from '@portal/contract/sales';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams } from 'react-router';
import { DataGrid } from '@/components/data-grid/data-grid';
import { DocumentHint } from '@/components/data-grid/document-detail';
import { ProductFilter } from '@/components/data-grid/product-filter';
import { useJqGrid } from '@/components/data-grid/use-jq-grid';
import { sameDocumentId } from '@/lib/documents/grid-state';
import { invoicesGridQueryOptions } from '../api/get-invoices-grid';
import { useInvoiceColumns } from '../components/invoice-columns';
import { InvoiceDetail, type InvoiceLineAction } from '../components/invoice-detail';

/**
 * /invoice and /invoice/:invoiceid — the invoices grid with the product filter (from 2 characters); a
 * selected row's lines show below (spec part 2 §2 Invoices).
 */
export default function InvoicesRoute() {
  return <InvoicesScreen />;
}

/** The screen, with what the app puts on each line (the returns area's refund action: app/routes/invoices-screen). */
export function InvoicesScreen({ LineAction }: { LineAction?: InvoiceLineAction }) {
  const { t } = useTranslation();
  const { invoiceid } = useParams();
  const navigate = useNavigate();
  const { search } = useLocation();
  const columns = useInvoiceColumns();
  const grid = useJqGrid({
    definition: INVOICES_GRID,
    columns,
    query: invoicesGridQueryOptions,
    productFilter: true,
  });
  const isSelected = (row: InvoiceHeader) => sameDocumentId(row.INVOICEID, invoiceid);

  return (
    <div className="doc-screen">
      <DataGrid<InvoiceHeader>
        grid={grid}
        rowKey={(row) => row.INVOICEID}
        isSelected={isSelected}
        onSelect={(row) => {
          if (!isSelected(row)) navigate(`/invoice/${encodeURIComponent(row.INVOICEID)}${search}`);
        }}
        label={t('UI_Title_Invoices')}
        emptyText={t('UI_Invoice_Empty')}
        toolbar={<ProductFilter value={grid.product} onChange={grid.setProduct} />}
        testId="invoices-grid"
      />
      {invoiceid ? (
        <InvoiceDetail key={invoiceid} id={invoiceid} LineAction={LineAction} />
      ) : (
        <DocumentHint text={t('UI_Invoice_SelectHint')} />
      )}
    </div>
  );
}
