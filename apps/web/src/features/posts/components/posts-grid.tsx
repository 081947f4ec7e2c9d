import { PlusOutlined } from '@ant-design/icons';
import { POSTS_GRID, type PostGridRow } from '@portal/contract/posts';
import { Button, Tag } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { dateColumn, textColumn } from '@/components/data-grid/columns';
import { DataGrid } from '@/components/data-grid/data-grid';
import type { GridColumnDef } from '@/components/data-grid/grid-types';
import { useJqGrid } from '@/components/data-grid/use-jq-grid';
import { postsGridQueryOptions } from '../api/get-posts-grid';

/** The admins' grid of a kind (GetPostsJqGrid: Id_Post, Nombre, Fecha_Creacion, Fecha_Modificacion; newest first). */
export function PostsGrid({ kind }: { kind: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const columns = useMemo(
    (): GridColumnDef<PostGridRow>[] => [
      {
        key: 'Id_Post',
        title: t('UI_Post_Id'),
        sortField: 'Id_Post',
        filter: { field: 'Id_Post', kind: 'number' },
        width: 90,
        card: 'id',
        render: (r) => <span className="doc-id">{r.Id_Post}</span>,
      },
      {
        ...textColumn('Nombre', t('UI_Post_Name'), 320),
        render: (r) => (
          <Link to={`/post/${kind}/${r.Id_Post}`} data-testid={`post-row-${r.Id_Post}`}>
            {r.Nombre}
          </Link>
        ),
        card: 'status',
      },
      dateColumn('Fecha_Creacion', t('UI_Post_Created')),
      dateColumn('Fecha_Modificacion', t('UI_Post_Modified'), 'dateRange', 200, null),
      {
        key: 'SW_Activo',
        title: t('UI_Post_Active'),
        sortField: 'SW_Activo',
        width: 120,
        card: 'amount',
        render: (r) => (r.SW_Activo ? <Tag color="green">{t('UI_Post_Active')}</Tag> : <Tag>{t('UI_Post_Draft')}</Tag>),
      },
      {
        key: 'Idiomas',
        title: t('UI_Post_Languages'),
        width: 140,
        render: (r) => <span className="doc-nowrap">{r.Idiomas.toUpperCase().replaceAll(',', ' · ')}</span>,
      },
    ],
    [t, kind],
  );
  const query = useMemo(() => postsGridQueryOptions(kind), [kind]);
  const grid = useJqGrid({ definition: POSTS_GRID, columns, query });
  return (
    <DataGrid<PostGridRow>
      grid={grid}
      rowKey={(row) => String(row.Id_Post)}
      isSelected={() => false}
      onSelect={(row) => navigate(`/post/${kind}/${row.Id_Post}`)}
      label={t(`UI_Post_Kind_${kind}`)}
      emptyText={t('UI_Post_Empty')}
      toolbar={
        <Button
          type="primary"
          icon={<PlusOutlined />}
          onClick={() => navigate(`/post/${kind}/new`)}
          data-testid="post-new"
        >
          {t('UI_Post_New')}
        </Button>
      }
      testId="posts-grid"
    />
  );
}
