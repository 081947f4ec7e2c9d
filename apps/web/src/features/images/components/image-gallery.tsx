import { IMAGE_PAGE_SIZE, type Image } from '@portal/contract/images';
import { Alert, Empty, Spin } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useImages } from '../api/get-images';
import { useImagesCount } from '../api/get-images-count';
import { GalleryPager } from './gallery-pager';
import { ImageGrid } from './image-grid';

type Props = {
  /** Images just uploaded: prepended to the shown list (spec part 2 §2) until another page is asked for. */
  recent?: Image[];
  /** Another page or page size was asked for (the shown list is then the server's page alone). */
  onNavigate?: () => void;
  onSelect?: (image: Image) => void;
  selectedId?: number | null;
  onEdit?: (image: Image) => void;
  onDelete?: (image: Image) => void;
  emptyText: string;
};

/** A page of the gallery with its pager: the screen /file/image and the picker use it. */
export function ImageGallery({ recent = [], onNavigate, onSelect, selectedId, onEdit, onDelete, emptyText }: Props) {
  const { t } = useTranslation();
  const [page, setPage] = useState(0);
  const [size, setSize] = useState<number>(IMAGE_PAGE_SIZE);
  const images = useImages(page, size);
  const count = useImagesCount();
  const recentIds = useMemo(() => new Set(recent.map((i) => i.id)), [recent]);
  const shown = useMemo(
    () => [...recent, ...(images.data ?? []).filter((i) => !recentIds.has(i.id))],
    [recent, recentIds, images.data],
  );
  const total = count.data ?? 0;

  if (images.isError || count.isError)
    return (
      <Alert
        type="error"
        showIcon
        title={t('MSG_UnableToRetrieveData', { message: (images.error ?? count.error)?.message ?? '' })}
      />
    );
  if (images.isPending || count.isPending) return <Spin className="image-gallery__loading" />;
  return (
    <div className="image-gallery" aria-busy={images.isFetching}>
      {shown.length === 0 ? (
        <Empty description={emptyText} data-testid="images-empty" />
      ) : (
        <ImageGrid
          images={shown}
          recent={recentIds}
          onSelect={onSelect}
          selectedId={selectedId}
          onEdit={onEdit}
          onDelete={onDelete}
        />
      )}
      {total > 0 && (
        <GalleryPager
          page={page}
          size={size}
          total={total}
          onPage={(p) => {
            setPage(p);
            onNavigate?.();
          }}
          onSize={(s) => {
            setSize(s);
            setPage(0);
            onNavigate?.();
          }}
        />
      )}
    </div>
  );
}
