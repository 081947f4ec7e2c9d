import type { WebOrderHeader } from '@portal/contract/sales';
import { WEB_ORDERS_GRID } from '@portal/contract/sales';
import type { QueryKey } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DataGrid } from '@/components/data-grid/data-grid';
import { DocumentHint } from '@/components/data-grid/document-detail';
import { type GridQueryFactory, useJqGrid } from '@/components/data-grid/use-jq-grid';
import { readWebOrderId } from '../web-order-id';
import { useWebOrderColumns } from './web-order-columns';
import { WebOrderDetail } from './web-order-detail';

type Props<Key extends QueryKey> = {
  control: boolean;
  query: GridQueryFactory<WebOrderHeader, Key>;
  /** The id in the URL (raw), and how to select another. */
  selected: string | undefined;
  onSelect: (id: number) => void;
  label: string;
  toolbar?: ReactNode;
  /** Above the grid: whether an ERP takes the web orders (the control list; decision 0067). */
  notice?: ReactNode;
};

/** The web orders grid and the selected order's lines: the customers' list and the admins' control list. */
export function WebOrdersScreen<Key extends QueryKey>({
  control,
  query,
  selected,
  onSelect,
  label,
  toolbar,
  notice,
}: Props<Key>) {
  const { t } = useTranslation();
  const columns = useWebOrderColumns(control);
  const grid = useJqGrid({ definition: WEB_ORDERS_GRID, columns, query });
  const selectedId = readWebOrderId(selected);

  return (
    <div className="doc-screen">
      {notice}
      <DataGrid<WebOrderHeader>
        grid={grid}
        rowKey={(row) => String(row.Id)}
        isSelected={(row) => row.Id === selectedId}
        onSelect={(row) => {
          if (row.Id !== selectedId) onSelect(row.Id);
        }}
        label={label}
        emptyText={t('UI_SalesWeb_Empty')}
        toolbar={toolbar}
        testId={control ? 'salesweb-control-grid' : 'salesweb-grid'}
      />
      {selected === undefined ? (
        <DocumentHint text={t('UI_SalesWeb_SelectHint')} />
      ) : selectedId === undefined ? (
        <DocumentHint text={t('UI_SalesWeb_NotFound', { id: selected })} />
      ) : (
        <WebOrderDetail key={selectedId} id={selectedId} />
      )}
    </div>
  );
}
