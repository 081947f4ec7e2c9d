import { ARTICLE_AVAILABILITIES, ARTICLES_GRID, type ArticleRow } from '@portal/contract/stores';
import { Card } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { DataGrid } from '@/components/data-grid/data-grid';
import type { GridColumnDef } from '@/components/data-grid/grid-types';
import { StatusTag } from '@/components/data-grid/status-tag';
import { useJqGrid } from '@/components/data-grid/use-jq-grid';
import { articlesGridQueryOptions } from '../api/stores-api';

const TONES = { 0: 'red', 1: 'gold', 2: 'green', 3: 'grey' } as const;

/** /setting/article — the whole catalogue with its availability (spec part 2 §2, §3 "Article", §9). */
export default function ArticlesRoute() {
  const { t } = useTranslation();
  const columns = useMemo(
    (): GridColumnDef<ArticleRow>[] => [
      {
        key: 'ITEMID',
        title: t('UI_Stores_ItemId'),
        sortField: 'ITEMID',
        filter: { field: 'ITEMID', kind: 'text' },
        width: 170,
        fixed: 'left',
        card: 'id',
        render: (r) => r.ITEMID,
      },
      {
        key: 'ITEMNAME',
        title: t('UI_Stores_ItemName'),
        sortField: 'ITEMNAME',
        filter: { field: 'ITEMNAME', kind: 'text' },
        width: 320,
        card: 'date',
        render: (r) => r.ITEMNAME,
      },
      {
        key: 'NAMEALIAS',
        title: t('UI_Stores_NameAlias'),
        sortField: 'NAMEALIAS',
        filter: { field: 'NAMEALIAS', kind: 'text' },
        width: 170,
        render: (r) => r.NAMEALIAS,
      },
      {
        key: 'Availability',
        title: t('UI_Stores_Availability'),
        filter: {
          field: 'Availability',
          kind: 'select',
          options: ARTICLE_AVAILABILITIES.map((a) => ({ value: String(a), label: t(`UI_Stores_Availability${a}`) })),
        },
        width: 200,
        card: 'status',
        render: (r) => (
          <StatusTag tone={TONES[r.Availability as keyof typeof TONES]}>
            {t(`UI_Stores_Availability${r.Availability}`)}
          </StatusTag>
        ),
      },
    ],
    [t],
  );
  const grid = useJqGrid({ definition: ARTICLES_GRID, columns, query: articlesGridQueryOptions });
  return (
    <Card variant="borderless" title={t('UI_Title_Articles')}>
      <DataGrid<ArticleRow>
        grid={grid}
        rowKey={(row) => String(row.id)}
        isSelected={() => false}
        onSelect={() => undefined}
        label={t('UI_Title_Articles')}
        emptyText={t('UI_Stores_NoArticles')}
        testId="articles-grid"
      />
    </Card>
  );
}
