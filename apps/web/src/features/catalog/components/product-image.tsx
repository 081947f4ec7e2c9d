import { PictureOutlined } from '@ant-design/icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

type ProductImageProps = {
  src: string | null;
  alt: string;
  height: number;
  width?: number | string;
  /** One of the first results, on screen as the page opens: fetched at once, the first of them before the others. */
  first?: 'lead' | 'row';
};

/** The first row of results as the page opens (five cards at 1440 px, four at 979, one on a phone): fetched at once. */
const EAGER_RESULTS = 5;

/** Which of the first results the one at `index` is (ProductImage's `first`), or none. */
export const firstResult = (index: number): ProductImageProps['first'] =>
  index === 0 ? 'lead' : index < EAGER_RESULTS ? 'row' : undefined;

/** An article picture in a fixed box, or a placeholder when there is none or it fails to load. */
export function ProductImage({ src, alt, height, width = '100%', first }: ProductImageProps) {
  const { t } = useTranslation();
  const [failed, setFailed] = useState(false);
  return (
    <div className="catalog-image" style={{ height, width, borderRadius: 6 }}>
      {src && !failed ? (
        // Lazy below the first results only: a lazy picture on screen waits for the layout, and the page's largest
        // paint with it (Lighthouse's lcp-lazy-loaded, issue 25).
        <img
          src={src}
          alt={alt}
          loading={first ? 'eager' : 'lazy'}
          fetchPriority={first === 'lead' ? 'high' : 'auto'}
          decoding="async"
          onError={() => setFailed(true)}
        />
      ) : (
        <span role="img" aria-label={t('UI_Catalog_NoImage')} style={{ fontSize: Math.min(40, height / 2) }}>
          <PictureOutlined />
        </span>
      )}
    </div>
  );
}
