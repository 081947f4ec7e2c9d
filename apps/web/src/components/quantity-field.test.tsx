// @vitest-environment jsdom
import { QUANTITY } from '@portal/contract/quantity';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { addTexts, renderWithProviders } from '@/test/render';
import { QuantityNote, useQuantityField } from './quantity-field';

/**
 * The quantity field as the catalogue and the cart use it: typed as text, corrected to the contract's rule
 * (a whole number from 1 to 9999) when the field is left or Enter pressed, the correction said next to it.
 */
function Quantity({ initial, onCommit }: { initial: number; onCommit?: (value: number) => void }) {
  const [quantity, setQuantity] = useState(initial);
  const field = useQuantityField(quantity);
  const settle = () => {
    const { value } = field.commit();
    setQuantity(value);
    onCommit?.(value);
  };
  return (
    <>
      <input
        {...field.inputProps}
        aria-label="Quantity"
        onBlur={settle}
        onKeyDown={(e) => (e.key === 'Enter' ? settle() : undefined)}
      />
      <QuantityNote note={field.note} id={field.noteId} />
      <button type="button" onClick={() => setQuantity(quantity + 1)}>
        One more
      </button>
    </>
  );
}

beforeEach(() =>
  addTexts({
    UI_QuantityCorrected_NotNumber: '“{{typed}}” is not a quantity: {{value}} is kept.',
    UI_QuantityCorrected_Min: 'The minimum quantity is {{min}}: “{{typed}}” was changed to {{value}}.',
    UI_QuantityCorrected_Max: 'The maximum quantity is {{max}}: “{{typed}}” was changed to {{value}}.',
    UI_QuantityCorrected_Whole: 'Whole quantities only: “{{typed}}” was rounded to {{value}}.',
  }),
);

async function typeQuantity(text: string, leave: 'Enter' | 'Tab' = 'Enter') {
  const user = userEvent.setup();
  const input = screen.getByRole('textbox', { name: 'Quantity' });
  await user.clear(input);
  await user.type(input, text);
  await user.keyboard(leave === 'Enter' ? '{Enter}' : '{Tab}');
  return { user, input };
}

describe('quantity field', () => {
  it('keeps a whole quantity in range as typed, with no note', async () => {
    const committed: number[] = [];
    renderWithProviders(<Quantity initial={1} onCommit={(v) => committed.push(v)} />);
    const { input } = await typeQuantity('12');
    expect(input).toHaveProperty('value', '12');
    expect(committed).toEqual([12]);
    expect(screen.queryByRole('status')).toBeNull();
    expect(input.getAttribute('aria-describedby')).toBeNull();
  });

  it('raises a quantity under the minimum to it and says so, described by the note', async () => {
    renderWithProviders(<Quantity initial={5} />);
    const { input } = await typeQuantity('0');
    expect(input).toHaveProperty('value', String(QUANTITY.min));
    const note = screen.getByRole('status');
    expect(note.textContent).toBe(`The minimum quantity is ${QUANTITY.min}: “0” was changed to ${QUANTITY.min}.`);
    expect(input.getAttribute('aria-describedby')).toBe(note.id);
  });

  it('lowers a quantity over the maximum to it when the field is left', async () => {
    const committed: number[] = [];
    renderWithProviders(<Quantity initial={5} onCommit={(v) => committed.push(v)} />);
    const { input } = await typeQuantity('12000', 'Tab');
    expect(input).toHaveProperty('value', String(QUANTITY.max));
    expect(committed).toEqual([QUANTITY.max]);
    expect(screen.getByRole('status').textContent).toBe(
      `The maximum quantity is ${QUANTITY.max}: “12000” was changed to ${QUANTITY.max}.`,
    );
  });

  it('rounds a fraction written with a comma or a point', async () => {
    renderWithProviders(<Quantity initial={1} />);
    const { input } = await typeQuantity('2,5');
    expect(input).toHaveProperty('value', '3');
    expect(screen.getByRole('status').textContent).toBe('Whole quantities only: “2,5” was rounded to 3.');
    await typeQuantity('4.2');
    expect(input).toHaveProperty('value', '4');
  });

  it('keeps the quantity in force when the text is not a number', async () => {
    renderWithProviders(<Quantity initial={7} />);
    const { input } = await typeQuantity('abc');
    expect(input).toHaveProperty('value', '7');
    expect(screen.getByRole('status').textContent).toBe('“abc” is not a quantity: 7 is kept.');
  });

  it('drops the note as soon as the field is typed into again', async () => {
    renderWithProviders(<Quantity initial={5} />);
    const { user, input } = await typeQuantity('0');
    expect(screen.getByRole('status')).toBeTruthy();
    await user.type(input, '3');
    expect(screen.queryByRole('status')).toBeNull();
    expect(input).toHaveProperty('value', '13');
  });

  it('shows a quantity changed from outside (the cart answered) in the field', async () => {
    renderWithProviders(<Quantity initial={5} />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'One more' }));
    expect(screen.getByRole('textbox', { name: 'Quantity' })).toHaveProperty('value', '6');
  });
});
