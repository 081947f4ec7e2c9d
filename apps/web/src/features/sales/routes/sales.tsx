import { SALES_GRID, type SalesHeader } from '@portal/contract/sales';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams } from 'react-router';
import { DataGrid } from '@/components/data-grid/data-grid';
import { DocumentHint } from '@/components/data-grid/document-detail';
import { useJqGrid } from '@/components/data-grid/use-jq-grid';
import { sameDocumentId } from '@/lib/documents/grid-state';
import { salesGridQueryOptions } from '../api/get-sales-grid';
import { useSalesColumns } from '../components/sales-columns';
import { SalesDetail } from '../components/sales-detail';

/**
 * /sales and /sales/:salesid — the orders grid (spec part 2 §2 Orders). Selecting a row puts its id in the
 * route and loads its lines below; opening such a route selects it again, wherever its row is. The grid's
 * page, sort and filters stay in the query string (decision 0021).
 */
export default function SalesRoute() {
  const { t } = useTranslation();
  const { salesid } = useParams();
  const navigate = useNavigate();
  const { search } = useLocation();
  const columns = useSalesColumns();
  const grid = useJqGrid({ definition: SALES_GRID, columns, query: salesGridQueryOptions });
  const isSelected = (row: SalesHeader) => sameDocumentId(row.SALESID, salesid);

  return (
    <div className="doc-screen">
      <DataGrid<SalesHeader>
        grid={grid}
        rowKey={(row) => row.SALESID}
        isSelected={isSelected}
        onSelect={(row) => {
          if (!isSelected(row)) navigate(`/sales/${encodeURIComponent(row.SALESID)}${search}`);
        }}
        label={t('UI_Title_Sales')}
        emptyText={t('UI_Sales_Empty')}
        testId="sales-grid"
      />
      {salesid ? <SalesDetail key={salesid} id={salesid} /> : <DocumentHint text={t('UI_Sales_SelectHint')} />}
    </div>
  );
}
