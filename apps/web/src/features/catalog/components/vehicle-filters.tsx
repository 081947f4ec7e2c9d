import { FAMILY_CODES, type Option } from '@portal/contract/catalog';
import { Col, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useBrands } from '../api/get-brands';
import { useModels } from '../api/get-models';
import { useMotorizations } from '../api/get-motorizations';
import type { UpdateSearch } from '../hooks/use-catalog-search';
import type { CatalogSearch } from '../search-state';
import { Field } from './field';

const toOptions = (list: Option[] | undefined) => list?.map((o) => ({ value: o.id, label: o.label })) ?? [];
const searchable = { optionFilterProp: 'label' } as const;
const span = { xs: 24, sm: 12, lg: 6 } as const;

/**
 * Brand, model and engine as cascading searchable selects (choosing or clearing a parent clears its
 * children), and the family. Each choice searches at once.
 */
export function VehicleFilters({ search, update }: { search: CatalogSearch; update: UpdateSearch }) {
  const { t } = useTranslation();
  const brands = useBrands();
  const models = useModels(search.marca);
  const engines = useMotorizations(search.marca, search.modelo);
  // An id whose label is not loaded yet is not shown as a bare number.
  const shown = (value: number | undefined, list: Option[] | undefined) => (list ? value : undefined);

  return (
    <>
      <Col {...span}>
        <Field id="catalog-brand" label={t('UI_Catalog_Brand')}>
          <Select
            id="catalog-brand"
            data-testid="filter-brand"
            style={{ width: '100%' }}
            showSearch={searchable}
            allowClear
            placeholder={t('UI_Catalog_AnyBrand')}
            loading={brands.isPending}
            options={toOptions(brands.data)}
            value={shown(search.marca, brands.data)}
            onChange={(marca?: number) => update({ marca, modelo: undefined, motor: undefined })}
          />
        </Field>
      </Col>
      <Col {...span}>
        <Field id="catalog-model" label={t('UI_Catalog_Model')}>
          <Select
            id="catalog-model"
            data-testid="filter-model"
            style={{ width: '100%' }}
            showSearch={searchable}
            allowClear
            disabled={search.marca === undefined}
            placeholder={t(search.marca === undefined ? 'UI_Catalog_ChooseBrandFirst' : 'UI_Catalog_AnyModel')}
            loading={models.isFetching}
            options={toOptions(models.data)}
            value={shown(search.modelo, models.data)}
            onChange={(modelo?: number) => update({ modelo, motor: undefined })}
          />
        </Field>
      </Col>
      <Col {...span}>
        <Field id="catalog-engine" label={t('UI_Catalog_Engine')}>
          <Select
            id="catalog-engine"
            data-testid="filter-engine"
            style={{ width: '100%' }}
            showSearch={searchable}
            allowClear
            disabled={search.modelo === undefined}
            placeholder={t(search.modelo === undefined ? 'UI_Catalog_ChooseModelFirst' : 'UI_Catalog_AnyEngine')}
            loading={engines.isFetching}
            options={toOptions(engines.data)}
            value={shown(search.motor, engines.data)}
            onChange={(motor?: number) => update({ motor })}
          />
        </Field>
      </Col>
      <Col {...span}>
        <Field id="catalog-family" label={t('UI_Catalog_Family')}>
          <Select
            id="catalog-family"
            data-testid="filter-family"
            style={{ width: '100%' }}
            showSearch={searchable}
            allowClear
            placeholder={t('UI_Catalog_AnyFamily')}
            options={FAMILY_CODES.map((code) => ({ value: code, label: `${code} · ${t(`FAMILY_${code}`)}` }))}
            value={search.familia}
            onChange={(familia?: CatalogSearch['familia']) => update({ familia })}
          />
        </Field>
      </Col>
    </>
  );
}
