import type { CartLine } from '@portal/contract/cart';
import { Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { QuantityNote, useQuantityField } from '@/components/quantity-field';
import { useEditItemCart } from '../api/post-edit-item-cart';

/**
 * A line's quantity: a whole number from 1 to 9999, saved when the field is left or with Enter; what was
 * typed otherwise is corrected and the note under the field says how.
 */
export function LineQuantity({ line, id }: { line: CartLine; id?: string }) {
  const { t } = useTranslation();
  const edit = useEditItemCart();
  const field = useQuantityField(line.qty);

  const save = () => {
    const { value } = field.commit();
    if (value === line.qty || edit.isPending) return;
    edit.mutate({ id: line.id_linea, quantity: value }, { onError: () => field.reset(line.qty) });
  };

  return (
    <div>
      <Input
        {...field.inputProps}
        id={id}
        aria-label={t('UI_Cart_QuantityOf', { ref: line.ref_jumasa })}
        data-testid="line-qty"
        disabled={edit.isPending}
        onBlur={save}
        onPressEnter={save}
        style={{ width: 88 }}
      />
      <QuantityNote note={field.note} id={field.noteId} testId="line-qty-note" />
    </div>
  );
}
