import { ClearOutlined, FilterOutlined, SearchOutlined } from '@ant-design/icons';
import type { ProductSort, StockFilter } from '@portal/contract/catalog';
import { Alert, Button, Card, Checkbox, Col, Input, type InputRef, Row, Select } from 'antd';
import type { KeyboardEvent, Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { usePhone } from '@/lib/use-media-query';
import type { UpdateSearch } from '../hooks/use-catalog-search';
import type { CodeCorrections, TextDrafts } from '../hooks/use-text-drafts';
import type { CatalogSearch, TextField } from '../search-state';
import { Field } from './field';
import { type PlateFound, PlateSearch } from './plate-search';
import { SearchSummary } from './search-summary';
import { VehicleFilters } from './vehicle-filters';

type FilterPanelProps = {
  search: CatalogSearch;
  update: UpdateSearch;
  onReset: () => void;
  drafts: TextDrafts;
  onDraft: (field: TextField, value: string) => void;
  /** Enter or the search button: search now. */
  onSubmit: () => void;
  refWarning: boolean;
  /** OEM or EUROCODE codes searched without the spaces, dashes or dots typed: what was typed. */
  corrections: CodeCorrections;
  searchInputRef: Ref<InputRef>;
  /** Arrow down in the search box moves to the first result. */
  onLeaveDown: () => void;
  canSearchPlate: boolean;
  onPlateFound: (found: PlateFound) => void;
  onPlateNotFound: (messageKey: string) => void;
  /** On a phone: whether the form is unfolded (folded, it is a summary of the search and the Filtros button). */
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** On a phone: fold the form and go to the results ("Ver resultados"). */
  onShowResults: () => void;
};

const CODE_FIELDS = [
  { field: 'ref', id: 'catalog-ref', label: 'UI_Catalog_Reference', placeholder: 'UI_Catalog_ReferenceHint' },
  { field: 'oem', id: 'catalog-oem', label: 'UI_Catalog_Oem', placeholder: 'UI_Catalog_OneCodeHint' },
  { field: 'eurocode', id: 'catalog-eurocode', label: 'UI_Catalog_Eurocode', placeholder: 'UI_Catalog_EurocodeHint' },
] as const;

type SortChoice = `${ProductSort}-${'asc' | 'desc'}`;
const SORT_CHOICES: { value: SortChoice; label: string }[] = [
  { value: 'ref-asc', label: 'UI_Catalog_SortRefAsc' },
  { value: 'ref-desc', label: 'UI_Catalog_SortRefDesc' },
  { value: 'price-asc', label: 'UI_Catalog_SortPriceAsc' },
  { value: 'price-desc', label: 'UI_Catalog_SortPriceDesc' },
];

/**
 * The search form: vehicle, family, free text, codes, plate, novelty, offer, stock and order. On a phone it folds
 * behind a "Filtros" button to a one-line summary of the search, so that the results come first (decisions 0022
 * and 0070); a search run from it (Enter, the search buttons, "Ver resultados") folds it again.
 */
export function FilterPanel(props: FilterPanelProps) {
  const { search, update, drafts, onDraft, onSubmit } = props;
  const { t } = useTranslation();
  const folds = usePhone();
  const { open } = props;
  const hidden = folds && !open;
  const codeSpan = props.canSearchPlate ? { xs: 24, sm: 12, lg: 4 } : { xs: 24, sm: 8, lg: 4 };

  const onSearchKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      props.onLeaveDown();
    }
  };

  return (
    <Card
      size="small"
      className="catalog-filters"
      title={
        folds ? (
          <Button
            type="text"
            icon={<FilterOutlined />}
            aria-expanded={open}
            aria-controls="catalog-filter-form"
            onClick={() => props.onOpenChange(!open)}
            data-testid="filters-toggle"
            style={{ paddingInline: 4, fontWeight: 600 }}
          >
            {t('UI_Catalog_FiltersToggle')}
          </Button>
        ) : (
          <h2 style={{ margin: 0, fontSize: 15 }}>{t('UI_Catalog_Filters')}</h2>
        )
      }
      extra={
        <Button size="small" type="text" icon={<ClearOutlined />} onClick={props.onReset} data-testid="filters-reset">
          {t('UI_Catalog_ClearFilters')}
        </Button>
      }
    >
      {hidden ? <SearchSummary search={search} /> : null}
      {/* Ant Design's row is display: flex, which the hidden attribute alone does not override. */}
      <Row
        gutter={[12, 12]}
        role="search"
        id="catalog-filter-form"
        hidden={hidden}
        style={hidden ? { display: 'none' } : undefined}
      >
        <VehicleFilters search={search} update={update} />
        <Col xs={24} lg={props.canSearchPlate ? 6 : 12}>
          <Field id="catalog-text" label={t('UI_Catalog_SearchText')}>
            <Input.Search
              id="catalog-text"
              ref={props.searchInputRef}
              data-testid="filter-text"
              placeholder={t('UI_Catalog_SearchTextHint')}
              allowClear
              enterButton={<SearchOutlined aria-label={t('UI_Catalog_Search')} />}
              value={drafts.filter}
              onChange={(event) => onDraft('filter', event.target.value)}
              onSearch={onSubmit}
              onKeyDown={onSearchKey}
              autoComplete="off"
            />
          </Field>
        </Col>
        {CODE_FIELDS.map(({ field, id, label, placeholder }) => {
          const typed = field === 'ref' ? undefined : props.corrections[field];
          return (
            <Col key={field} {...codeSpan}>
              <Field id={id} label={t(label)}>
                <Input
                  id={id}
                  aria-describedby={typed === undefined ? undefined : `${id}-note`}
                  data-testid={`filter-${field}`}
                  placeholder={t(placeholder)}
                  allowClear
                  value={drafts[field]}
                  status={field === 'ref' && props.refWarning ? 'warning' : undefined}
                  onChange={(event) => onDraft(field, event.target.value)}
                  onPressEnter={onSubmit}
                  autoComplete="off"
                  maxLength={40}
                />
                {typed === undefined ? null : (
                  <div id={`${id}-note`} className="catalog-field-note" data-testid={`filter-${field}-note`}>
                    {t('UI_Catalog_CodeNormalised', { typed })}
                  </div>
                )}
              </Field>
            </Col>
          );
        })}
        {props.canSearchPlate ? (
          <Col xs={24} sm={12} lg={6} data-testid="plate-search">
            <PlateSearch
              plate={search.plate}
              country={search.country}
              onFound={props.onPlateFound}
              onNotFound={props.onPlateNotFound}
            />
          </Col>
        ) : null}
        <Col xs={24} style={{ display: 'flex', alignItems: 'center', gap: 16, flexWrap: 'wrap' }}>
          <Checkbox checked={search.novelty} onChange={(e) => update({ novelty: e.target.checked })}>
            {t('UI_Catalog_Novelty')}
          </Checkbox>
          <Checkbox checked={search.offer} onChange={(e) => update({ offer: e.target.checked })}>
            {t('UI_Catalog_Offer')}
          </Checkbox>
          <span className="catalog-inline-field">
            <label htmlFor="catalog-stock">{t('UI_Catalog_StockFilter')}</label>
            <Select<StockFilter | 'all'>
              id="catalog-stock"
              data-testid="filter-stock"
              style={{ width: 210 }}
              value={search.stock ?? 'all'}
              onChange={(stock) => update({ stock: stock === 'all' ? undefined : stock })}
              options={[
                { value: 'all', label: t('UI_Catalog_StockAll') },
                { value: 'home', label: t('UI_Catalog_StockHome') },
                { value: 'any', label: t('UI_Catalog_StockAny') },
              ]}
            />
          </span>
          <span className="catalog-inline-field">
            <label htmlFor="catalog-order">{t('UI_Catalog_SortBy')}</label>
            <Select<SortChoice>
              id="catalog-order"
              data-testid="filter-order"
              style={{ width: 210 }}
              value={`${search.sort}-${search.order}`}
              onChange={(choice) => {
                const [sort, order] = choice.split('-') as [ProductSort, 'asc' | 'desc'];
                update({ sort, order });
              }}
              options={SORT_CHOICES.map((c) => ({ value: c.value, label: t(c.label) }))}
            />
          </span>
        </Col>
        {props.refWarning ? (
          <Col xs={24}>
            <Alert type="warning" showIcon title={t('WARN_REFCodeShort')} data-testid="ref-warning" role="alert" />
          </Col>
        ) : null}
        {folds ? (
          <Col xs={24}>
            <Button type="primary" block onClick={props.onShowResults} data-testid="filters-show-results">
              {t('UI_Phones_ShowResults')}
            </Button>
          </Col>
        ) : null}
      </Row>
    </Card>
  );
}
