import { INVOICES_GRID, type InvoiceHeader } from '@portal/contract/sales';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { DataGrid } from '@/components/data-grid/data-grid';
import { DocumentHint } from '@/components/data-grid/document-detail';
import { ProductFilter } from '@/components/data-grid/product-filter';
import { useJqGrid } from '@/components/data-grid/use-jq-grid';
import { sameDocumentId } from '@/lib/documents/grid-state';
import { invoicesGridQueryOptions } from '../api/get-invoices-grid';
import { useInvoiceColumns } from '../components/invoice-columns';
import { InvoiceDetail } from '../components/invoice-detail';

/**
 * /invoice and /invoice/:invoiceid — the invoices grid with the product filter (from 2 characters); a
 * selected row's lines show below (spec part 2 §2 Invoices).
 */
export default function InvoicesRoute() {
  const { t } = useTranslation();
  const { invoiceid } = useParams();
  const navigate = useNavigate();
  const [product, setProduct] = useState<string | undefined>();
  const columns = useInvoiceColumns();
  const grid = useJqGrid({
    id: 'invoices',
    definition: INVOICES_GRID,
    columns,
    query: invoicesGridQueryOptions,
    extra: { filterProduct: product },
  });
  const isSelected = (row: InvoiceHeader) => sameDocumentId(row.INVOICEID, invoiceid);

  return (
    <div className="doc-screen">
      <DataGrid<InvoiceHeader>
        grid={grid}
        rowKey={(row) => row.INVOICEID}
        isSelected={isSelected}
        onSelect={(row) => {
          if (!isSelected(row)) navigate(`/invoice/${encodeURIComponent(row.INVOICEID)}`);
        }}
        label={t('UI_Title_Invoices')}
        emptyText={t('UI_Invoice_Empty')}
        toolbar={<ProductFilter onChange={setProduct} />}
        testId="invoices-grid"
      />
      {invoiceid ? (
        <InvoiceDetail key={invoiceid} id={invoiceid} />
      ) : (
        <DocumentHint text={t('UI_Invoice_SelectHint')} />
      )}
    </div>
  );
}
