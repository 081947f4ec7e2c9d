import { PictureOutlined } from '@ant-design/icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

type ProductImageProps = { src: string | null; alt: string; height: number; width?: number | string };

/** An article picture in a fixed box, or a placeholder when there is none or it fails to load. */
export function ProductImage({ src, alt, height, width = '100%' }: ProductImageProps) {
  const { t } = useTranslation();
  const [failed, setFailed] = useState(false);
  return (
    <div className="catalog-image" style={{ height, width, borderRadius: 6 }}>
      {src && !failed ? (
        <img src={src} alt={alt} loading="lazy" decoding="async" onError={() => setFailed(true)} />
      ) : (
        <span role="img" aria-label={t('UI_Catalog_NoImage')} style={{ fontSize: Math.min(40, height / 2) }}>
          <PictureOutlined />
        </span>
      )}
    </div>
  );
}
