import type { Image } from '@portal/contract/images';
import { type ButtonProps, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ImageGallery } from './image-gallery';
import './images.css';

export type PickedImage = { id: number; url: string; image: Image };

type Props = {
  open: boolean;
  onPick: (picked: PickedImage) => void;
  onClose: () => void;
  title?: string;
};

/**
 * The gallery as a picker (posts, user pictures: spec part 2 §2): the same pages, each image an option that a click,
 * Enter or Space chooses (arrows move between them); "Elegir" answers its id and URL (the whole image; the
 * other slots are in `image`).
 */
export function ImagePicker({ open, onPick, onClose, title }: Props) {
  const { t } = useTranslation();
  const [chosen, setChosen] = useState<Image | null>(null);
  return (
    <Modal
      open={open}
      title={title ?? t('UI_Images_PickerTitle')}
      width={960}
      okText={t('UI_Images_Choose')}
      cancelText={t('UI_Images_Cancel')}
      okButtonProps={{ disabled: chosen === null, 'data-testid': 'pick-image' } as ButtonProps}
      onOk={() => {
        if (!chosen) return;
        onPick({ id: chosen.id, url: chosen.url, image: chosen });
        setChosen(null);
      }}
      onCancel={() => {
        setChosen(null);
        onClose();
      }}
      destroyOnHidden
      className="image-picker"
    >
      <ImageGallery onSelect={setChosen} selectedId={chosen?.id ?? null} emptyText={t('UI_Images_Empty')} />
    </Modal>
  );
}
