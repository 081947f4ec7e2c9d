import { USERS_GRID, type UserGridRow } from '@portal/contract/users';
import type { QueryKey } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { DataGrid } from '@/components/data-grid/data-grid';
import { type GridQueryFactory, useJqGrid } from '@/components/data-grid/use-jq-grid';
import { useUserColumns } from './user-columns';

type Props<Key extends QueryKey> = {
  query: GridQueryFactory<UserGridRow, Key>;
  admin: boolean;
  label: string;
  toolbar?: ReactNode;
  testId: string;
};

/** A users grid (all users, or one client's): choosing a row opens the user. */
export function UsersGrid<Key extends QueryKey>({ query, admin, label, toolbar, testId }: Props<Key>) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const columns = useUserColumns(admin);
  const grid = useJqGrid({ definition: USERS_GRID, columns, query });
  return (
    <DataGrid<UserGridRow>
      grid={grid}
      rowKey={(row) => row.id}
      isSelected={() => false}
      onSelect={(row) => navigate(`/setting/user/view/${row.id}`)}
      label={label}
      emptyText={t('UI_People_NoUsers')}
      toolbar={toolbar}
      testId={testId}
    />
  );
}
