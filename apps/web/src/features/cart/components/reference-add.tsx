import { ShoppingCartOutlined } from '@ant-design/icons';
import type { Product } from '@portal/contract/catalog';
import { QUANTITY } from '@portal/contract/quantity';
import { Button, InputNumber, Space } from 'antd';
import type { MessageInstance } from 'antd/es/message/interface';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/lib/api-error';
import { translateMessage } from '@/lib/i18n';
import { useAddByReference } from '../api/post-add-by-reference';
import { validQuantity } from '../cart-state';

/** Quantity and the add button of one search result (addtocurrentcartfromrefjumasa). */
export function ReferenceAdd({ product, notify }: { product: Product; notify: MessageInstance }) {
  const { t } = useTranslation();
  const [quantity, setQuantity] = useState<number | null>(1);
  const add = useAddByReference();
  const valid = validQuantity(quantity) !== null;

  const onAdd = () => {
    const qty = validQuantity(quantity);
    if (qty === null || add.isPending) return;
    add.mutate(
      { ref_jumasa: product.ref_jumasa, quantity: qty },
      {
        onSuccess: () => notify.success(t('UI_Catalog_Added', { ref: product.ref_jumasa, quantity: qty })),
        onError: (error) => {
          if (isApiError(error) && error.status === 400) notify.error(translateMessage(error.body?.message));
        },
      },
    );
  };

  return (
    <Space.Compact>
      <InputNumber
        aria-label={t('UI_Cart_QuantityOf', { ref: product.ref_jumasa })}
        data-testid="search-qty"
        min={QUANTITY.min}
        max={QUANTITY.max}
        precision={0}
        value={quantity}
        onChange={setQuantity}
        onPressEnter={onAdd}
        style={{ width: 72 }}
      />
      <Button
        type="primary"
        icon={<ShoppingCartOutlined />}
        aria-label={t('UI_Cart_AddRef', { ref: product.ref_jumasa })}
        title={product.permitircompra ? t('UI_Catalog_AddToCart') : t('UI_Catalog_NotForSale')}
        disabled={!product.permitircompra || !valid}
        loading={add.isPending}
        onClick={onAdd}
        data-testid="search-add"
      />
    </Space.Compact>
  );
}
