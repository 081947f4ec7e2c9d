import { ClearOutlined, SearchOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Checkbox, Col, Input, type InputRef, Row, Select } from 'antd';
import type { KeyboardEvent, Ref } from 'react';
import { useTranslation } from 'react-i18next';
import type { UpdateSearch } from '../hooks/use-catalog-search';
import type { CodeCorrections, TextDrafts } from '../hooks/use-text-drafts';
import type { CatalogSearch, TextField } from '../search-state';
import { Field } from './field';
import { type PlateFound, PlateSearch } from './plate-search';
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
};

const CODE_FIELDS = [
  { field: 'ref', id: 'catalog-ref', label: 'UI_Catalog_Reference', placeholder: 'UI_Catalog_ReferenceHint' },
  { field: 'oem', id: 'catalog-oem', label: 'UI_Catalog_Oem', placeholder: 'UI_Catalog_OneCodeHint' },
  { field: 'eurocode', id: 'catalog-eurocode', label: 'UI_Catalog_Eurocode', placeholder: 'UI_Catalog_EurocodeHint' },
] as const;

/** The search form: vehicle, family, free text, codes, plate, novelty, offer and order. */
export function FilterPanel(props: FilterPanelProps) {
  const { search, update, drafts, onDraft, onSubmit } = props;
  const { t } = useTranslation();
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
      title={<h2 style={{ margin: 0, fontSize: 15 }}>{t('UI_Catalog_Filters')}</h2>}
      extra={
        <Button size="small" type="text" icon={<ClearOutlined />} onClick={props.onReset} data-testid="filters-reset">
          {t('UI_Catalog_ClearFilters')}
        </Button>
      }
    >
      <Row gutter={[12, 12]} role="search">
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
          <span style={{ display: 'inline-flex', alignItems: 'center', gap: 8 }}>
            <label htmlFor="catalog-order" className="catalog-muted">
              {t('UI_Catalog_Order')}
            </label>
            <Select<'asc' | 'desc'>
              id="catalog-order"
              style={{ width: 170 }}
              value={search.order}
              onChange={(order) => update({ order })}
              options={[
                { value: 'asc', label: t('UI_Catalog_OrderAsc') },
                { value: 'desc', label: t('UI_Catalog_OrderDesc') },
              ]}
            />
          </span>
        </Col>
        {props.refWarning ? (
          <Col xs={24}>
            <Alert type="warning" showIcon title={t('WARN_REFCodeShort')} data-testid="ref-warning" role="alert" />
          </Col>
        ) : null}
      </Row>
    </Card>
  );
}
