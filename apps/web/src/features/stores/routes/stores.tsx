import { STOCK_CALC_TYPE_CODES, STORES_GRID, type StoreRow } from '@portal/contract/stores';
import { Card } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { DataGrid } from '@/components/data-grid/data-grid';
import type { GridColumnDef } from '@/components/data-grid/grid-types';
import { useJqGrid } from '@/components/data-grid/use-jq-grid';
import { storesGridQueryOptions } from '../api/stores-api';
import { DlvModeNames } from '../components/dlv-mode-names';
import { StoreDetail } from '../components/store-detail';

/** /setting/stock and /setting/stock/:detail — the stores and their stock calculation (spec part 2 §2). */
export default function StoresRoute() {
  const { detail } = useParams();
  return detail ? <StoreDetail id={detail} /> : <StoresList />;
}

function StoresList() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const columns = useMemo(
    (): GridColumnDef<StoreRow>[] => [
      {
        key: 'INVENTLOCATIONID',
        title: t('UI_Stores_Id'),
        sortField: 'INVENTLOCATIONID',
        filter: { field: 'INVENTLOCATIONID', kind: 'text' },
        width: 130,
        fixed: 'left',
        card: 'id',
        render: (r) => (
          <Link to={`/setting/stock/${encodeURIComponent(r.INVENTLOCATIONID)}`} data-testid="store-edit">
            {r.INVENTLOCATIONID}
          </Link>
        ),
      },
      {
        key: 'NAME',
        title: t('UI_Stores_Name'),
        sortField: 'NAME',
        filter: { field: 'NAME', kind: 'text' },
        width: 200,
        card: 'date',
        render: (r) => r.NAME,
      },
      {
        key: 'JUMNOTICEMAIL',
        title: t('UI_Stores_NoticeMail'),
        sortField: 'JUMNOTICEMAIL',
        filter: { field: 'JUMNOTICEMAIL', kind: 'text' },
        width: 230,
        render: (r) => r.JUMNOTICEMAIL || '—',
      },
      {
        key: 'JUMRETURNMAIL',
        title: t('UI_Stores_ReturnMail'),
        sortField: 'JUMRETURNMAIL',
        filter: { field: 'JUMRETURNMAIL', kind: 'text' },
        width: 230,
        card: 'links',
        render: (r) => r.JUMRETURNMAIL || '—',
      },
      {
        key: 'NOSYNC_StockCalcType',
        title: t('UI_Stores_CalcType'),
        sortField: 'NOSYNC_StockCalcType',
        filter: {
          field: 'NOSYNC_StockCalcType',
          kind: 'select',
          options: STOCK_CALC_TYPE_CODES.map((c) => ({ value: String(c), label: t(`UI_Stores_Calc${c}`) })),
        },
        width: 260,
        card: 'status',
        render: (r) => t(`UI_Stores_Calc${r.NOSYNC_StockCalcType}`),
      },
    ],
    [t],
  );
  const grid = useJqGrid({ definition: STORES_GRID, columns, query: storesGridQueryOptions });
  return (
    <>
      <Card variant="borderless" title={t('UI_Title_Stock')}>
        <DataGrid<StoreRow>
          grid={grid}
          rowKey={(row) => row.INVENTLOCATIONID}
          isSelected={() => false}
          onSelect={(row) => navigate(`/setting/stock/${encodeURIComponent(row.INVENTLOCATIONID)}`)}
          label={t('UI_Title_Stock')}
          emptyText={t('UI_Stores_NoStores')}
          testId="stores-grid"
        />
      </Card>
      <DlvModeNames />
    </>
  );
}
