import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { galleryPaging, IMAGE_PAGE_SIZES } from '@portal/contract/images';
import { Button, Select } from 'antd';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

type Props = {
  page: number;
  size: number;
  total: number;
  onPage: (page: number) => void;
  onSize: (size: number) => void;
};

/**
 * The gallery's paging (spec part 2 §4): pages from 0; previous disabled on page 0, next disabled when
 * (page + 1) × size ≥ total; sizes 15, 30, 45 (§9).
 */
export function GalleryPager({ page, size, total, onPage, onSize }: Props) {
  const { t } = useTranslation();
  const sizeLabel = useId();
  const { hasPrevious, hasNext } = galleryPaging(page, size, total);
  const pages = Math.max(1, Math.ceil(total / size));
  return (
    <nav className="gallery-pager" aria-label={t('UI_Images_Paging')}>
      <span className="gallery-pager__total" data-testid="images-total">
        {t('UI_Images_Total', { count: total })}
      </span>
      <span className="gallery-pager__pages">
        <Button
          icon={<LeftOutlined />}
          disabled={!hasPrevious}
          onClick={() => onPage(page - 1)}
          data-testid="images-previous"
        >
          {t('UI_Images_Previous')}
        </Button>
        <span className="gallery-pager__where" aria-live="polite" data-testid="images-page">
          {t('UI_Images_PageOf', { page: page + 1, pages })}
        </span>
        <Button disabled={!hasNext} onClick={() => onPage(page + 1)} data-testid="images-next">
          {t('UI_Images_Next')} <RightOutlined />
        </Button>
      </span>
      <span className="gallery-pager__size">
        <span id={sizeLabel}>{t('UI_Images_PageSize')}</span>
        <Select
          aria-labelledby={sizeLabel}
          value={size}
          onChange={onSize}
          options={IMAGE_PAGE_SIZES.map((s) => ({ value: s, label: String(s) }))}
          data-testid="images-page-size"
          style={{ width: 76 }}
        />
      </span>
    </nav>
  );
}
