import { correctQuantity, QUANTITY, type QuantityCorrection } from '@portal/contract/quantity';
import { type ChangeEvent, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

type Note = { typed: string; correction: QuantityCorrection; value: number };

const NOTE_KEYS: Record<QuantityCorrection, string> = {
  notNumber: 'UI_QuantityCorrected_NotNumber',
  min: 'UI_QuantityCorrected_Min',
  max: 'UI_QuantityCorrected_Max',
  whole: 'UI_QuantityCorrected_Whole',
};

/**
 * A quantity typed as text and corrected when the field is left or Enter pressed (contract correctQuantity);
 * what was corrected is kept for the note next to the field. `value` is the quantity in force.
 */
export function useQuantityField(value: number) {
  const [text, setText] = useState(String(value));
  const [note, setNote] = useState<Note | null>(null);
  const noteId = useId();
  useEffect(() => setText(String(value)), [value]);

  /** Corrects what was typed; the quantity to use and whether it differs from what was typed. */
  const commit = (): { value: number; corrected: boolean } => {
    const result = correctQuantity(text, value);
    setText(String(result.value));
    // The note stays until the field is typed into again (leaving the field for the add button corrects it
    // first: the note must still be there after the click).
    if (result.correction) setNote({ typed: text.trim(), correction: result.correction, value: result.value });
    return { value: result.value, corrected: result.correction !== null };
  };

  const inputProps = {
    value: text,
    inputMode: 'numeric' as const,
    autoComplete: 'off',
    'aria-describedby': note ? noteId : undefined,
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      setText(event.target.value);
      setNote(null);
    },
  };
  /** Puts back a quantity (e.g. when saving it failed). */
  const reset = (quantity: number) => {
    setText(String(quantity));
    setNote(null);
  };
  return { inputProps, commit, note, noteId, reset };
}

/** The sentence saying how a typed quantity was corrected (nothing when it was not). */
export function QuantityNote({ note, id, testId }: { note: Note | null; id: string; testId?: string }) {
  const { t } = useTranslation();
  if (!note) return null;
  return (
    <div id={id} role="status" data-testid={testId} style={{ fontSize: 12, color: '#475467', marginTop: 4 }}>
      {t(NOTE_KEYS[note.correction], { typed: note.typed, value: note.value, min: QUANTITY.min, max: QUANTITY.max })}
    </div>
  );
}
