import { Image } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ProductImage } from './product-image';

/** The article's pictures: a large one (click to zoom, arrows to browse) and thumbnails to pick it. */
export function ProductGallery({ images, alt }: { images: string[]; alt: string }) {
  const { t } = useTranslation();
  const [current, setCurrent] = useState(0);
  const shown = Math.min(current, Math.max(0, images.length - 1));
  if (images.length === 0) return <ProductImage src={null} alt={alt} height={300} />;

  return (
    <div data-testid="product-gallery">
      <Image.PreviewGroup items={images} preview={{ current: shown, onChange: (index) => setCurrent(index) }}>
        <div className="catalog-image" style={{ height: 320, borderRadius: 8 }}>
          <Image
            src={images[shown]}
            alt={t('UI_Catalog_ImageOf', { ref: alt, index: shown + 1, total: images.length })}
            height={300}
            style={{ objectFit: 'contain', maxWidth: '100%' }}
          />
        </div>
      </Image.PreviewGroup>
      {images.length > 1 ? (
        <div className="catalog-thumbs">
          {images.map((src, index) => (
            <button
              key={src}
              type="button"
              aria-pressed={index === shown}
              aria-label={t('UI_Catalog_ImageOf', { ref: alt, index: index + 1, total: images.length })}
              onClick={() => setCurrent(index)}
            >
              <img src={src} alt="" loading="lazy" />
            </button>
          ))}
        </div>
      ) : null}
    </div>
  );
}
