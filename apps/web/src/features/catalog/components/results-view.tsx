import { AppstoreOutlined, UnorderedListOutlined } from '@ant-design/icons';
import type { Product, ProductListResponse } from '@portal/contract/catalog';
import { LIMITS } from '@portal/contract/constants';
import { Alert, Card, Empty, Pagination, Segmented, Skeleton } from 'antd';
import { lazy, type Ref, Suspense, useImperativeHandle, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { StockLegend } from '@/components/stock-dots';
import { useResultNavigation } from '../hooks/use-result-navigation';
import type { CatalogView } from '../search-state';
import { ProductCard } from './product-card';
import { resultKey } from './result-key';

/** The list view loads on demand: the first screen (the grid) does not wait for the table's code. */
const ProductTable = lazy(() => import('./product-table').then((m) => ({ default: m.ProductTable })));

export type ResultsHandle = {
  focusFirst: () => boolean;
  /** Moves the focus (and the window) to the results' title, which says how many were found. */
  focusTitle: () => void;
};

type ResultsViewProps = {
  data: ProductListResponse | undefined;
  /** Waiting for the first answer, or for a new search while the previous page is still shown. */
  loading: boolean;
  page: number;
  view: CatalogView;
  /** A warning key to show instead of the results (plate not found, reference too short). */
  blocker: string | null;
  onPage: (page: number) => void;
  onView: (view: CatalogView) => void;
  onOpen: (product: Product) => void;
  handle: Ref<ResultsHandle>;
};

function LoadingSkeletons({ view }: { view: CatalogView }) {
  if (view === 'list') return <Skeleton active paragraph={{ rows: 8 }} data-testid="results-loading" />;
  return (
    <div className="catalog-grid" data-testid="results-loading" aria-busy="true">
      {Array.from({ length: LIMITS.catalogPageSize }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <Card key={i} size="small" cover={<Skeleton.Node active style={{ width: '100%', height: 140 }} />}>
          <Skeleton active title paragraph={{ rows: 3 }} />
        </Card>
      ))}
    </div>
  );
}

/** Result count, grid/list toggle, the page of results (or skeletons, or an empty state) and the pager. */
export function ResultsView({ data, loading, page, view, blocker, onPage, onView, onOpen, handle }: ResultsViewProps) {
  const { t } = useTranslation();
  const records = data?.records ?? [];
  const { containerRef, onKeyDown, focusFirst } = useResultNavigation();
  const titleRef = useRef<HTMLHeadingElement>(null);
  useImperativeHandle(
    handle,
    () => ({ focusFirst, focusTitle: () => titleRef.current?.focus({ preventScroll: false }) }),
    [focusFirst],
  );

  let body: React.ReactNode;
  if (blocker) {
    body = <Empty description={t(blocker)} data-testid="results-blocked" />;
  } else if (loading || !data) {
    body = <LoadingSkeletons view={view} />;
  } else if (records.length === 0) {
    body = (
      <Empty
        data-testid="results-empty"
        description={
          <>
            <div style={{ fontWeight: 600 }}>{t('UI_Catalog_EmptyTitle')}</div>
            <div className="catalog-muted">{t('UI_Catalog_EmptyHint')}</div>
          </>
        }
      />
    );
  } else if (view === 'list') {
    body = (
      <Suspense fallback={<LoadingSkeletons view="list" />}>
        <ProductTable records={records} onOpen={onOpen} />
      </Suspense>
    );
  } else {
    body = (
      <div className="catalog-grid">
        {records.map((p, i) => (
          <ProductCard key={resultKey(p)} product={p} index={i} onOpen={onOpen} />
        ))}
      </div>
    );
  }

  // The legend and the notes about the answer come with it, inside the results' box: nothing above the results moves
  // when the answer arrives (the skeletons it replaces start where the results start; CLS, issue 25).
  const notes = (
    <>
      {!blocker && records.some((r) => r.stock?.length) ? <StockLegend /> : null}
      {data?.corrected && !blocker ? (
        <Alert
          type="info"
          showIcon
          data-testid="results-corrected"
          title={t('UI_Catalog_Searched', { text: data.corrected.filter })}
          description={t('UI_Catalog_SearchedInstead', {
            typed: data.corrected.words.map((w) => w.typed).join(' '),
          })}
        />
      ) : null}
      {data?.message && !blocker ? (
        <Alert type="warning" showIcon title={t(data.message)} data-testid="results-message" />
      ) : null}
    </>
  );

  return (
    <section aria-labelledby="catalog-results-title" style={{ display: 'flex', flexDirection: 'column', gap: 12 }}>
      <div style={{ display: 'flex', alignItems: 'center', gap: 12, flexWrap: 'wrap' }}>
        <h2
          id="catalog-results-title"
          ref={titleRef}
          tabIndex={-1}
          className="catalog-results-title"
          style={{ margin: 0, fontSize: 16 }}
          data-testid="results-count"
        >
          {data && !blocker
            ? data.more
              ? t('UI_Catalog_ResultCountMore', { total: data.count })
              : t('UI_Catalog_ResultCount', { count: data.count })
            : t('UI_Catalog_Results')}
        </h2>
        <span className="catalog-muted catalog-keyboard-hint" style={{ flex: 1 }}>
          {t('UI_Catalog_KeyboardHint')}
        </span>
        <Segmented<CatalogView>
          value={view}
          onChange={onView}
          aria-label={t('UI_Catalog_View')}
          options={[
            { value: 'grid', icon: <AppstoreOutlined />, label: t('UI_Catalog_ViewGrid') },
            { value: 'list', icon: <UnorderedListOutlined />, label: t('UI_Catalog_ViewList') },
          ]}
        />
      </div>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: arrow keys move between the focusable results inside */}
      <div ref={containerRef} onKeyDown={onKeyDown} data-testid="results" className="catalog-results">
        {loading ? null : notes}
        {body}
      </div>
      {data && !blocker && data.count > LIMITS.catalogPageSize ? (
        <Pagination
          align="center"
          current={page}
          pageSize={LIMITS.catalogPageSize}
          total={data.count}
          showSizeChanger={false}
          onChange={onPage}
          data-testid="results-pager"
        />
      ) : null}
    </section>
  );
}
