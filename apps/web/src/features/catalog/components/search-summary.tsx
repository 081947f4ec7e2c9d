import { useTranslation } from 'react-i18next';
import { useBrands } from '../api/get-brands';
import { useModels } from '../api/get-models';
import type { CatalogSearch } from '../search-state';

/**
 * What the folded search form searches, in one line (a phone, decision 0070): "Referencia: BOS.159-1016 · Solo
 * ofertas". The vehicle's names come from the lists the form already loaded.
 */
export function SearchSummary({ search }: { search: CatalogSearch }) {
  const { t } = useTranslation();
  const brands = useBrands(search.marca !== undefined);
  const models = useModels(search.marca);
  const brand = brands.data?.find((b) => b.id === search.marca)?.label;
  const model = models.data?.find((m) => m.id === search.modelo)?.label;
  const parts = [
    search.plate ? `${t('UI_Catalog_Plate')}: ${search.country} ${search.plate}` : null,
    !search.plate && search.marca !== undefined
      ? [brand, model].filter(Boolean).join(' ') || t('UI_Phones_VehicleChosen')
      : null,
    search.familia ? `${search.familia} · ${t(`FAMILY_${search.familia}`)}` : null,
    search.filter ? `${t('UI_Catalog_SearchText')}: ${search.filter}` : null,
    search.ref ? `${t('UI_Catalog_Reference')}: ${search.ref}` : null,
    search.oem ? `${t('UI_Catalog_Oem')}: ${search.oem}` : null,
    search.eurocode ? `${t('UI_Catalog_Eurocode')}: ${search.eurocode}` : null,
    search.novelty ? t('UI_Catalog_Novelty') : null,
    search.offer ? t('UI_Catalog_Offer') : null,
    search.stock === 'home' ? t('UI_Catalog_StockHome') : null,
    search.stock === 'any' ? t('UI_Catalog_StockAny') : null,
  ].filter((part): part is string => !!part);
  return (
    <p className="catalog-search-summary" data-testid="filters-summary">
      {parts.length > 0 ? parts.join(' · ') : t('UI_Phones_WholeCatalogue')}
    </p>
  );
}
