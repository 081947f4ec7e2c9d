import { REFUNDS_GRID, type RefundHeader } from '@portal/contract/refunds';
import { refundCalls } from '@portal/contract/refunds-calls';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams } from 'react-router';
import { DataGrid } from '@/components/data-grid/data-grid';
import { DocumentHint } from '@/components/data-grid/document-detail';
import { useJqGrid } from '@/components/data-grid/use-jq-grid';
import { useUser } from '@/lib/current-user';
import { mayCall } from '@/lib/may-call';
import { refundsGridQueryOptions } from '../api/get-refunds-grid';
import { useRefundColumns } from '../components/refund-columns';
import { RefundDetail } from '../components/refund-detail';
import '../components/refunds.css';

/**
 * /allrefunds and /allrefunds/:returntablewebid — the refunds grid (status filter, newest first) and the selected
 * refund's page with its lines, files and timeline; staff see every client's and act on them (spec part 2 §2).
 */
export default function RefundsRoute() {
  const { t } = useTranslation();
  const { returntablewebid } = useParams();
  const navigate = useNavigate();
  const { search } = useLocation();
  const user = useUser();
  // Staff's columns and panel show to whoever may take a refund's staff steps (the calls' own rule).
  const staff = mayCall(refundCalls.receive, user.data);
  const columns = useRefundColumns(staff);
  const grid = useJqGrid({
    definition: REFUNDS_GRID,
    columns,
    query: refundsGridQueryOptions,
    enabled: user.isSuccess,
  });
  const selected = returntablewebid && /^\d+$/.test(returntablewebid) ? Number(returntablewebid) : null;
  const isSelected = (row: RefundHeader) => row.Id === selected;
  return (
    <div className="doc-screen">
      <DataGrid<RefundHeader>
        grid={grid}
        rowKey={(row) => String(row.Id)}
        isSelected={isSelected}
        onSelect={(row) => {
          if (!isSelected(row)) navigate(`/allrefunds/${row.Id}${search}`);
        }}
        label={t('UI_Title_Refunds')}
        emptyText={t('UI_Refunds_Empty')}
        testId="refunds-grid"
      />
      {selected && user.isSuccess ? (
        <RefundDetail key={selected} id={selected} staff={staff} />
      ) : (
        <DocumentHint text={t('UI_Refunds_SelectHint')} />
      )}
    </div>
  );
}
