import { FAMILY_CODES, type Option } from '@portal/contract/catalog';
import { Col, Select } from 'antd';
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
 * children), and the family. Each choice searches at once.
 */
export function VehicleFilters({ search, update }: { search: CatalogSearch; update: UpdateSearch }) {
  const { t } = useTranslation();
  const brands = useBrands();
  const models = useModels(search.marca);
  const engines = useMotorizations(search.marca, search.modelo);

  return (
    <>
      <FilterSelect
        name="brand"
        label={t('UI_Catalog_Brand')}
        placeholder={t('UI_Catalog_AnyBrand')}
        loading={brands.isPending}
        options={toOptions(brands.data)}
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
