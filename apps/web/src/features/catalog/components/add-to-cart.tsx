import { ShoppingCartOutlined } from '@ant-design/icons';
import type { Product } from '@portal/contract/catalog';
import { Button, Input, Space, Tooltip } from 'antd';
import { type KeyboardEvent, type SyntheticEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QuantityNote, useQuantityField } from '@/components/quantity-field';
import { useAddToCartMutation } from '../api/post-add-to-cart';
import { useCatalogContext } from './catalog-context';

const stop = (event: SyntheticEvent) => event.stopPropagation();
/** Keys stay here too, but Esc: it closes the dialog around (issue 25). */
const stopKeys = (event: KeyboardEvent) => {
  if (event.key !== 'Escape') event.stopPropagation();
};

/** Quantity (whole number, 1 to 9999: a correction is said next to the field) and the add button; only for users who may buy (permitirCompras). */
type AddToCartProps = {
  product: Product;
  /** Text on the button (false: icon only, for the list view). */
  showLabel?: boolean;
  /** Fill the width of the card. */
  block?: boolean;
};

export function AddToCart({ product, showLabel = true, block = false }: AddToCartProps) {
  const { t } = useTranslation();
  const { canBuy, searchLogId, notify } = useCatalogContext();
  const [quantity, setQuantity] = useState(1);
  const field = useQuantityField(quantity);
  const add = useAddToCartMutation();
  if (!canBuy) return null;

  const label = t('UI_Catalog_AddToCart');
  /** Corrects the typed quantity (the note beside the field says how); the quantity to add. */
  const settle = () => {
    const { value } = field.commit();
    setQuantity(value);
    return value;
  };
  const onAdd = () => {
    const qty = settle();
    add.mutate(
      {
        id_articulo: product.id_articulo,
        quantity: qty,
        ref_model: product.modelo_id ?? undefined,
        stw_Proveedor: product.stw_Proveedor,
        searchLogId,
      },
      { onSuccess: () => notify.success(t('UI_Catalog_Added', { ref: product.ref_jumasa, quantity: qty })) },
    );
  };

  const button = (
    <Button
      type="primary"
      icon={<ShoppingCartOutlined />}
      aria-label={showLabel && !block ? undefined : label}
      title={label}
      disabled={!product.permitircompra}
      loading={add.isPending}
      onClick={onAdd}
      data-testid="add-to-cart"
    >
      {showLabel ? (block ? t('UI_Catalog_Add') : label) : null}
    </Button>
  );

  return (
    // Clicks and keys here must not open the detail of the result around it.
    // biome-ignore lint/a11y/noStaticElementInteractions: only stops the events from reaching the result
    <span
      onClick={stop}
      onKeyDown={stopKeys}
      className={block ? 'catalog-add-block' : undefined}
      style={{ display: 'inline-flex', flexDirection: 'column' }}
    >
      <Space.Compact>
        <Input
          {...field.inputProps}
          aria-label={t('UI_Catalog_Quantity')}
          data-testid="quantity"
          onBlur={settle}
          onPressEnter={onAdd}
          style={{ width: 72 }}
        />
        {product.permitircompra ? button : <Tooltip title={t('UI_Catalog_NotForSale')}>{button}</Tooltip>}
      </Space.Compact>
      <QuantityNote note={field.note} id={field.noteId} testId="quantity-note" />
    </span>
  );
}
