import type { Product } from '@portal/contract/catalog';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

/** Family label and the novelty and offer marks of an article. */
export function ProductTags({ product }: { product: Product }) {
  const { t } = useTranslation();
  return (
    <span style={{ display: 'inline-flex', flexWrap: 'wrap', gap: 4 }}>
      <Tag variant="filled" style={{ marginInlineEnd: 0 }}>
        {t(`FAMILY_${product.familia_id}`)}
      </Tag>
      {product.novelty ? (
        <Tag color="blue" style={{ marginInlineEnd: 0 }}>
          {t('UI_Catalog_NoveltyTag')}
        </Tag>
      ) : null}
      {product.offer ? (
        // Darker text than the preset's (#d4380d on #fff2e8 is 4.0:1; this is 7:1).
        <Tag color="volcano" style={{ marginInlineEnd: 0, color: '#ad2102' }}>
          {t('UI_Catalog_OfferTag')}
        </Tag>
      ) : null}
    </span>
  );
}

/** The vehicle of a getlist2 record (make and model), if any. */
export function vehicleOf(product: Product): string {
  return [product.nombremarca, product.nombremodelo].filter(Boolean).join(' ');
}
