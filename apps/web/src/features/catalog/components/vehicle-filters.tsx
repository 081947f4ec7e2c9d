import { FAMILY_CODES, type Option } from '@portal/contract/catalog';
import { Col, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBrands } from '../api/get-brands';
import { useModels } from '../api/get-models';
import { useMotorizations } from '../api/get-motorizations';
import type { UpdateSearch } from '../hooks/use-catalog-search';
import type { CatalogSearch } from '../search-state';
import { Field } from './field';

const span = { xs: 24, sm: 12, lg: 6 } as const;

type FilterSelectProps<V> = {
  name: string;
  label: string;
  placeholder: string;
  options: { value: V; label: string }[];
  value: V | undefined;
  onChange: (value?: V) => void;
  loading?: boolean;
  disabled?: boolean;
  /** The user reaches for the select (pointer over it, focus, opened): its options are wanted now. */
  onWanted?: () => void;
};

/** One searchable, clearable filter select in its labelled column. */
function FilterSelect<V extends string | number>(props: FilterSelectProps<V>) {
  const { t } = useTranslation();
  const id = `catalog-${props.name}`;
  return (
    <Col {...span}>
      <Field id={id} label={props.label}>
        <Select<V>
          id={id}
          data-testid={`filter-${props.name}`}
          style={{ width: '100%' }}
          showSearch={{ optionFilterProp: 'label' }}
          allowClear={{ label: t('UI_A11y_Clear') }}
          placeholder={props.placeholder}
          loading={props.loading}
          disabled={props.disabled}
          options={props.options}
          value={props.value}
          onChange={(value?: V) => props.onChange(value)}
          onMouseEnter={props.onWanted}
          onFocus={props.onWanted}
          onOpenChange={(open) => open && props.onWanted?.()}
        />
      </Field>
    </Col>
  );
}

const toOptions = (list: Option[] | undefined) => list?.map((o) => ({ value: o.id, label: o.label })) ?? [];
// An id whose label is not loaded yet is not shown as a bare number.
const shown = (value: number | undefined, list: Option[] | undefined) => (list ? value : undefined);

/**
 * Brand, model and engine as cascading searchable selects (choosing or clearing a parent clears its
 * children), and the family. Each choice searches at once. The makes are asked when the page names one (its label is
 * shown) or when the user reaches for the select, not with every catalogue page: most searches are by reference or
 * text, and a first page from a cold cache may ask 25 requests at most (issue 25, decision 0098).
 */
export function VehicleFilters({ search, update }: { search: CatalogSearch; update: UpdateSearch }) {
  const { t } = useTranslation();
  const [brandsWanted, setBrandsWanted] = useState(false);
  const brands = useBrands(brandsWanted || search.marca !== undefined);
  const models = useModels(search.marca);
  const engines = useMotorizations(search.marca, search.modelo);

  return (
    <>
      <FilterSelect
        name="brand"
        label={t('UI_Catalog_Brand')}
        placeholder={t('UI_Catalog_AnyBrand')}
        loading={brands.isLoading}
        options={toOptions(brands.data)}
        onWanted={() => setBrandsWanted(true)}
        value={shown(search.marca, brands.data)}
        onChange={(marca) => update({ marca, modelo: undefined, motor: undefined })}
      />
      <FilterSelect
        name="model"
        label={t('UI_Catalog_Model')}
        placeholder={t(search.marca === undefined ? 'UI_Catalog_ChooseBrandFirst' : 'UI_Catalog_AnyModel')}
        disabled={search.marca === undefined}
        loading={models.isFetching}
        options={toOptions(models.data)}
        value={shown(search.modelo, models.data)}
        onChange={(modelo) => update({ modelo, motor: undefined })}
      />
      <FilterSelect
        name="engine"
        label={t('UI_Catalog_Engine')}
        placeholder={t(search.modelo === undefined ? 'UI_Catalog_ChooseModelFirst' : 'UI_Catalog_AnyEngine')}
        disabled={search.modelo === undefined}
        loading={engines.isFetching}
        options={toOptions(engines.data)}
        value={shown(search.motor, engines.data)}
        onChange={(motor) => update({ motor })}
      />
      <FilterSelect<NonNullable<CatalogSearch['familia']>>
        name="family"
        label={t('UI_Catalog_Family')}
        placeholder={t('UI_Catalog_AnyFamily')}
        options={FAMILY_CODES.map((code) => ({ value: code, label: `${code} · ${t(`FAMILY_${code}`)}` }))}
        value={search.familia}
        onChange={(familia) => update({ familia })}
      />
    </>
  );
}
