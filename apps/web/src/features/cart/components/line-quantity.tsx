import type { CartLine } from '@portal/contract/cart';
import { InputNumber } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useEditItemCart } from '../api/post-edit-item-cart';
import { validQuantity } from '../cart-state';

/** A line's quantity: a whole number of at least 1, saved when the field is left or with Enter. */
export function LineQuantity({ line, id }: { line: CartLine; id?: string }) {
  const { t } = useTranslation();
  const edit = useEditItemCart();
  const [draft, setDraft] = useState<number | null>(line.qty);
  useEffect(() => setDraft(line.qty), [line.qty]);

  const save = () => {
    const quantity = validQuantity(draft);
    if (quantity === null) {
      setDraft(line.qty);
      return;
    }
    if (quantity === line.qty || edit.isPending) return;
    edit.mutate({ id: line.id_linea, quantity }, { onError: () => setDraft(line.qty) });
  };

  return (
    <InputNumber
      id={id}
      aria-label={t('UI_Cart_QuantityOf', { ref: line.ref_jumasa })}
      data-testid="line-qty"
      min={1}
      max={9999}
      precision={0}
      step={1}
      value={draft}
      disabled={edit.isPending}
      onChange={(value) => setDraft(value)}
      onBlur={save}
      onPressEnter={save}
      style={{ width: 88 }}
    />
  );
}
