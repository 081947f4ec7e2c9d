import { FileExcelOutlined } from '@ant-design/icons';
import type { GridDefinition } from '@portal/contract/grids';
import { logsCalls } from '@portal/contract/logs-calls';
import type { QueryKey } from '@tanstack/react-query';
import { Button, message, Result, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { DataGrid } from '@/components/data-grid/data-grid';
import type { GridColumnDef } from '@/components/data-grid/grid-types';
import { type GridQueryFactory, useJqGrid } from '@/components/data-grid/use-jq-grid';
import { useUser } from '@/lib/current-user';
import { mayCall } from '@/lib/may-call';
import { type LogKind, useLogExcel } from '../api/get-log-excel';

type Props<Row, Key extends QueryKey> = {
  kind: LogKind;
  definition: GridDefinition;
  columns: readonly GridColumnDef<Row>[];
  query: GridQueryFactory<Row, Key>;
  rowKey: (row: Row) => string;
  label: string;
};

const noSelection = () => false;
const ignore = () => undefined;

/** A log grid (admins): the filter toolbar, newest first, and the Excel export of the rows it filters. */
function LogGrid<Row extends object, Key extends QueryKey>({
  kind,
  definition,
  columns,
  query,
  rowKey,
  label,
}: Props<Row, Key>) {
  const { t } = useTranslation();
  const grid = useJqGrid({ definition, columns, query });
  const excel = useLogExcel(kind);
  const [notify, holder] = message.useMessage({ top: 64 });
  const toolbar = (
    <>
      {holder}
      <Button
        icon={<FileExcelOutlined />}
        loading={excel.isPending}
        disabled={(grid.result.data?.records ?? 0) === 0}
        data-testid="log-excel"
        onClick={() =>
          excel.mutate(grid.params, {
            onSuccess: (name) => void notify.success({ content: t('UI_Access_ExcelSaved', { name }), duration: 6 }),
          })
        }
      >
        {t('UI_Access_ExportExcel')}
      </Button>
    </>
  );
  return (
    <div className="doc-screen">
      <DataGrid<Row>
        grid={grid}
        rowKey={rowKey}
        isSelected={noSelection}
        onSelect={ignore}
        label={label}
        emptyText={t('UI_Access_LogEmpty')}
        toolbar={toolbar}
        testId={`${kind}-grid`}
      />
    </div>
  );
}

/** The grid call of each log: who may make it sees the screen. */
const GRID_OF = { userlog: logsCalls.userLogsGrid, logdocument: logsCalls.documentLogsGrid } as const;

/** The log screen, or a 403 page for anybody the grid's call refuses (the admins' rule, the server's own). */
export function LogScreen<Row extends object, Key extends QueryKey>(props: Props<Row, Key>) {
  const { t } = useTranslation();
  const { data: user, isPending } = useUser();
  if (isPending) return <Spin style={{ display: 'block', margin: '48px auto' }} />;
  if (!mayCall(GRID_OF[props.kind], user)) {
    return (
      <Result
        status="403"
        title={t('UI_AccessDeniedTitle')}
        subTitle={t('UI_Access_AdminsOnly')}
        data-testid="admins-only"
      />
    );
  }
  return <LogGrid<Row, Key> {...props} />;
}
