import { DeleteOutlined, PictureOutlined } from '@ant-design/icons';
import { POST_IMAGE_SLOTS, type PostImageSlot } from '@portal/contract/posts';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';

export type SlotImage = { id: number; url: string } | null;

type Props = {
  lang: string;
  images: Record<PostImageSlot, SlotImage>;
  onPick: (slot: PostImageSlot) => void;
  onClear: (slot: PostImageSlot) => void;
};

/** The three image slots of a language (spec part 2 §9: thumbnail, medium, banner), each chosen in the gallery. */
export function ImageSlots({ lang, images, onPick, onClear }: Props) {
  const { t } = useTranslation();
  return (
    <div className="post-image-slots">
      {POST_IMAGE_SLOTS.map((slot) => {
        const image = images[slot];
        const label = t(`UI_Post_Slot_${slot}`);
        return (
          <figure key={slot} className={`post-image-slot post-image-slot--${slot}`}>
            <div className="post-image-slot__frame">
              {image ? (
                <img src={image.url} alt={label} />
              ) : (
                <PictureOutlined aria-hidden className="post-image-slot__empty" />
              )}
            </div>
            <figcaption>
              <span className="post-image-slot__label">{label}</span>
              <span className="post-image-slot__actions">
                <Button size="small" onClick={() => onPick(slot)} data-testid={`post-pick-${slot}-${lang}`}>
                  {t('UI_Post_PickImage')}
                </Button>
                {image ? (
                  <Button
                    size="small"
                    type="text"
                    danger
                    icon={<DeleteOutlined />}
                    aria-label={`${t('UI_Post_ClearImage')}: ${label}`}
                    onClick={() => onClear(slot)}
                  />
                ) : null}
              </span>
            </figcaption>
          </figure>
        );
      })}
    </div>
  );
}
