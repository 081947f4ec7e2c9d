import type { ListLine } from '@portal/contract/lists';
import { Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { QuantityNote, useQuantityField } from '@/components/quantity-field';
import { useUpdateListLine } from '../api/lists';

/**
 * A list line's quantity, by the cart's rules (contract correctQuantity): a whole number from 1 to 9999, saved when
 * the field is left or with Enter; what was typed otherwise is corrected and the note under the field says how.
 */
export function ListLineQuantity({ listId, line }: { listId: number; line: ListLine }) {
  const { t } = useTranslation();
  const edit = useUpdateListLine();
  const field = useQuantityField(line.quantity);
  const save = () => {
    const { value } = field.commit();
    if (value === line.quantity || edit.isPending) return;
    edit.mutate({ id: listId, lineId: line.id, quantity: value }, { onError: () => field.reset(line.quantity) });
  };
  return (
    <div>
      <Input
        {...field.inputProps}
        aria-label={t('UI_LS_QuantityOf', { ref: line.ref })}
        data-testid="list-line-qty"
        disabled={edit.isPending}
        onBlur={save}
        onPressEnter={save}
        style={{ width: 88 }}
      />
      <QuantityNote note={field.note} id={field.noteId} testId="list-line-qty-note" />
    </div>
  );
}
