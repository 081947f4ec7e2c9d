import { cartCalls } from '@portal/contract/cart-calls';
import type { Product } from '@portal/contract/catalog';
import { catalogCalls } from '@portal/contract/catalog-calls';
import { Alert, type InputRef, message } from 'antd';
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { useUser } from '@/lib/current-user';
import { useLanguage } from '@/lib/language';
import { mayCall } from '@/lib/may-call';
import { usePhone } from '@/lib/use-media-query';
import { useProductList } from '../api/get-product-list';
import { CatalogProvider } from '../components/catalog-context';
import { FilterPanel } from '../components/filter-panel';
import type { PlateFound } from '../components/plate-search';
import { type ResultsHandle, ResultsView } from '../components/results-view';
import { useCatalogSearch } from '../hooks/use-catalog-search';
import { useSlashShortcut } from '../hooks/use-slash-shortcut';
import { useTextDrafts } from '../hooks/use-text-drafts';
import { hasVehicle, isReferenceTooShort, searchToParams, toListParams } from '../search-state';
import '../catalog.css';

/** The detail (modal, tabs, tables) loads when a product is first opened, not before the first results. */
const ProductDetailModal = lazy(() =>
  import('../components/product-detail-modal').then((m) => ({ default: m.ProductDetailModal })),
);

/**
 * /product-list/:prod? — the catalogue. The URL query string holds the whole search; `:prod` opens
 * the screen searching that reference, `logid` carries a plate search's log id to the cart.
 */
export default function ProductListRoute() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const navigate = useNavigate();
  const { prod } = useParams();
  const { data: user } = useUser();
  const { search, update, reset } = useCatalogSearch();
  const [notify, messageHolder] = message.useMessage({ top: 64 });
  const searchInput = useRef<InputRef>(null);
  const results = useRef<ResultsHandle>(null);
  const [selected, setSelected] = useState<Product | null>(null);
  // Mounted from the first opening on, so that closing animates and reopening is instant.
  const [detailUsed, setDetailUsed] = useState(false);
  if (selected && !detailUsed) setDetailUsed(true);
  const [plateNotice, setPlateNotice] = useState<string | null>(null);

  const { drafts, change, commit, clear, refWarning, corrections } = useTextDrafts(search, update);

  // On a phone the search form folds to a summary; a search run from it folds it and goes to the results, so that
  // they come first (decision 0070), and the "Filtros" button unfolds it again.
  const phone = usePhone();
  const [filtersOpen, setFiltersOpen] = useState(false);
  const showResults = useCallback(() => {
    flushSync(() => setFiltersOpen(false));
    results.current?.focusTitle();
  }, []);
  const submit = useCallback(() => {
    commit();
    if (phone) showResults();
  }, [commit, phone, showResults]);

  // A reference in the path (/product-list/ABC123) becomes the reference search of the query string.
  useEffect(() => {
    if (!prod) return;
    const next = searchToParams({ ...search, ref: search.ref || prod, page: 1 });
    navigate({ pathname: '/product-list', search: `?${next}` }, { replace: true });
  }, [prod, search, navigate]);

  // Any new search forgets a plate that was not found.
  const queryString = searchToParams(search).toString();
  useEffect(() => {
    if (queryString !== undefined) setPlateNotice(null);
  }, [queryString]);

  // A reference too short to search (in the URL, or typed and refused) is the answer: its warning and no list,
  // not the last list as if it were the result (issue 11 item 5).
  const refTooShort = isReferenceTooShort(search.ref) || refWarning;
  // The first list is asked for at once with the URL's search (docs/decisions/0022): the spec's "no search in the
  // first second" is about searches fired by the filters setting themselves up, which ours never do.
  const list = useProductList(
    hasVehicle(search) ? 'getlist2' : 'getlist',
    toListParams(search, lang),
    !refTooShort && !prod,
  );

  const clearFilters = useCallback(() => {
    clear();
    reset();
  }, [clear, reset]);

  useSlashShortcut(() => {
    if (phone) flushSync(() => setFiltersOpen(true));
    searchInput.current?.focus();
  }, selected === null);

  const onPlateFound = useCallback(
    ({ plate, country, reply }: PlateFound) => {
      const model = reply.jummodel;
      if (!model) return;
      setPlateNotice(null);
      if (phone) showResults();
      update({
        marca: model.marca_id,
        modelo: model.modelo_id,
        motor: model.motor_id ?? undefined,
        plate,
        country,
        logid: reply.log > 0 ? reply.log : undefined,
      });
    },
    [update, phone, showResults],
  );

  const blocker = refTooShort ? 'WARN_REFCodeShort' : plateNotice;

  return (
    <CatalogProvider value={{ canBuy: mayCall(cartCalls.add, user), searchLogId: search.logid, notify }}>
      {messageHolder}
      <div style={{ display: 'flex', flexDirection: 'column', gap: 16 }} data-testid="catalog">
        <FilterPanel
          search={search}
          update={update}
          onReset={clearFilters}
          drafts={drafts}
          onDraft={change}
          onSubmit={submit}
          refWarning={refTooShort}
          corrections={corrections}
          searchInputRef={searchInput}
          onLeaveDown={() => results.current?.focusFirst()}
          canSearchPlate={mayCall(catalogCalls.plate, user)}
          onPlateFound={onPlateFound}
          onPlateNotFound={setPlateNotice}
          open={filtersOpen}
          onOpenChange={setFiltersOpen}
          onShowResults={showResults}
        />
        {plateNotice ? (
          <Alert type="warning" showIcon role="alert" title={t(plateNotice)} data-testid="plate-not-found" />
        ) : null}
        <ResultsView
          handle={results}
          data={list.data}
          loading={list.isPending || list.isPlaceholderData}
          page={search.page}
          view={search.view}
          blocker={blocker}
          onPage={(page) => update({ page })}
          onView={(view) => update({ view }, { replace: true })}
          onOpen={setSelected}
        />
      </div>
      {detailUsed ? (
        <Suspense fallback={null}>
          <ProductDetailModal
            product={selected}
            vehicle={{ marca: search.marca, modelo: search.modelo }}
            onSelect={setSelected}
            onClose={() => setSelected(null)}
          />
        </Suspense>
      ) : null}
    </CatalogProvider>
  );
}
