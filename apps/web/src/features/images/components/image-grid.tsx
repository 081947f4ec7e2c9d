import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import type { Image } from '@portal/contract/images';
import { Button, Tag } from 'antd';
import { type KeyboardEvent, useRef } from 'react';
import { useTranslation } from 'react-i18next';

type Props = {
  images: Image[];
  /** Ids shown with a "new" mark (uploaded in this visit). */
  recent?: ReadonlySet<number>;
  /** Picker mode: a tile is an option; the chosen one is `selectedId`. */
  onSelect?: (image: Image) => void;
  selectedId?: number | null;
  /** Administrators' actions on each tile. */
  onEdit?: (image: Image) => void;
  onDelete?: (image: Image) => void;
};

/** Arrow keys move between tiles (the grid reflows, so up and down move by the number of columns shown). */
function moveFocus(event: KeyboardEvent<HTMLElement>, container: HTMLElement | null) {
  const keys: Record<string, number> = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -2, ArrowDown: 2, Home: -3, End: 3 };
  const step = keys[event.key];
  if (step === undefined || !container) return;
  const tiles = [...container.querySelectorAll<HTMLElement>('[data-tile]')];
  const at = tiles.indexOf(event.target as HTMLElement);
  if (at < 0) return;
  const columns = Math.max(
    1,
    tiles.filter((t) => t.getBoundingClientRect().top === tiles[0]!.getBoundingClientRect().top).length,
  );
  const next =
    step === -3 ? 0 : step === 3 ? tiles.length - 1 : Math.abs(step) === 2 ? at + Math.sign(step) * columns : at + step;
  const target = tiles[Math.min(tiles.length - 1, Math.max(0, next))];
  if (target) {
    event.preventDefault();
    target.focus();
  }
}

/** The gallery's tiles: the thumbnail (hashed URL, cached for good), the name, the size; actions or a choice. */
export function ImageGrid({ images, recent, onSelect, selectedId, onEdit, onDelete }: Props) {
  const { t } = useTranslation();
  const ref = useRef<HTMLUListElement>(null);
  const picking = onSelect !== undefined;
  return (
    <ul
      ref={ref}
      className="image-grid"
      aria-label={t('UI_Images_GridLabel')}
      data-testid="image-grid"
      onKeyDown={(e) => moveFocus(e, ref.current)}
    >
      {images.map((image) => {
        const body = (
          <>
            <span className="image-grid__frame">
              <img
                src={image.thumbnail_url}
                alt={image.description || image.name}
                loading="lazy"
                width={320}
                height={240}
              />
            </span>
            <span className="image-grid__name" title={image.name}>
              {image.name}
            </span>
            <span className="image-grid__meta">
              {t('UI_Images_Dimensions', { width: image.width, height: image.height })}
              {recent?.has(image.id) && (
                <Tag color="green" className="image-grid__new">
                  {t('UI_Images_New')}
                </Tag>
              )}
            </span>
          </>
        );
        return (
          <li key={image.id} className="image-grid__item" data-testid="image-tile" data-image-id={image.id}>
            {picking ? (
              <button
                type="button"
                data-tile
                className={`image-grid__tile image-grid__tile--pick${selectedId === image.id ? ' is-selected' : ''}`}
                aria-pressed={selectedId === image.id}
                onClick={() => onSelect(image)}
                onDoubleClick={() => onSelect(image)}
              >
                {body}
              </button>
            ) : (
              <div className="image-grid__tile">
                <a href={image.url} target="_blank" rel="noreferrer" data-tile className="image-grid__open">
                  {body}
                </a>
                {(onEdit || onDelete) && (
                  <span className="image-grid__actions">
                    {onEdit && (
                      <Button
                        size="small"
                        icon={<EditOutlined />}
                        onClick={() => onEdit(image)}
                        data-testid="edit-image"
                      >
                        {t('UI_Images_Edit')}
                      </Button>
                    )}
                    {onDelete && (
                      <Button
                        size="small"
                        danger
                        icon={<DeleteOutlined />}
                        onClick={() => onDelete(image)}
                        data-testid="delete-image"
                        aria-label={`${t('UI_Images_Delete')} ${image.name}`}
                      >
                        {t('UI_Images_Delete')}
                      </Button>
                    )}
                  </span>
                )}
              </div>
            )}
          </li>
        );
      })}
    </ul>
  );
}
