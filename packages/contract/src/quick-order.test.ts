import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { normalizeReference } from './catalog.ts';
import {
  parseQuickOrderText,
  QUICK_ORDER,
  quickOrderKey,
  quickOrderQuantity,
  quickOrderResolveRequest,
  quickOrderStore,
  splitQuickOrderLine,
} from './quick-order.ts';

describe('splitting a line', () => {
  it('splits at tabs, else semicolons, else commas: code, quantity, store', () => {
    expect(splitQuickOrderLine('3E2 478 706 U\t2\tMAD01')).toEqual({
      identifier: '3E2 478 706 U',
      quantity: '2',
      store: 'MAD01',
    });
    expect(splitQuickOrderLine('AGC.643-8994;2,5')).toEqual({ identifier: 'AGC.643-8994', quantity: '2,5', store: '' });
    expect(splitQuickOrderLine('"AGC.643-8994","3","BCN01"')).toEqual({
      identifier: 'AGC.643-8994',
      quantity: '3',
      store: 'BCN01',
    });
    // A tab wins over the semicolon and the comma it holds.
    expect(splitQuickOrderLine('A;B,C\t4')).toEqual({ identifier: 'A;B,C', quantity: '4', store: '' });
  });

  it('at spaces, the quantity is the last number, optionally followed by a store; the code may hold spaces', () => {
    expect(splitQuickOrderLine('3E2 478 706 U 2')).toEqual({ identifier: '3E2 478 706 U', quantity: '2', store: '' });
    expect(splitQuickOrderLine('  AGC.643-8994   2   MAD01 ')).toEqual({
      identifier: 'AGC.643-8994',
      quantity: '2',
      store: 'MAD01',
    });
    expect(splitQuickOrderLine('6435BCCV 1.5')).toEqual({ identifier: '6435BCCV', quantity: '1.5', store: '' });
    expect(splitQuickOrderLine('6435BCCV')).toEqual({ identifier: '6435BCCV', quantity: '', store: '' });
    expect(splitQuickOrderLine('3E2 478 706 U')).toEqual({ identifier: '3E2 478 706 U', quantity: '', store: '' });
    // A last word that is no store ("AB") belongs to the code: an OEM code ending in letters is no quantity and store.
    expect(splitQuickOrderLine('1K0 145 803 AB')).toEqual({ identifier: '1K0 145 803 AB', quantity: '', store: '' });
    expect(splitQuickOrderLine('1K0 145 803 AB 1 bcn01')).toEqual({
      identifier: '1K0 145 803 AB',
      quantity: '1',
      store: 'bcn01',
    });
  });
});

describe('parsing a list', () => {
  it('numbers lines as typed, skips empty lines, comments and a header without digits', () => {
    const { rows, header } = parseQuickOrderText(
      '\uFEFFReferencia;Cantidad;Almacén\r\n\r\nAGC.643-8994;2\n# a comment\n1K0 145 803 AB 1 MAD01\r',
    );
    expect(header).toBe(true);
    expect(rows).toEqual([
      { row: 3, identifier: 'AGC.643-8994', quantity: '2', store: '' },
      { row: 5, identifier: '1K0 145 803 AB', quantity: '1', store: 'MAD01' },
    ]);
  });

  it('a first line with a digit is a line, not a header', () => {
    const { rows, header } = parseQuickOrderText('AGC6438994 2\nB 3');
    expect(header).toBe(false);
    expect(rows.map((r) => r.identifier)).toEqual(['AGC6438994', 'B']);
  });

  it('gives one row per non-empty line, and the key of each is the catalogue’s normalisation', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.tuple(fc.stringMatching(/^[A-Z0-9][A-Z0-9 .-]{0,14}[A-Z0-9]$/), fc.integer({ min: 1, max: 9999 })),
          {
            minLength: 1,
            maxLength: 30,
          },
        ),
        (lines) => {
          const text = lines.map(([code, qty]) => `${code}\t${qty}`).join('\n');
          const { rows } = parseQuickOrderText(`1\t1\n${text}`);
          expect(rows).toHaveLength(lines.length + 1);
          rows.slice(1).forEach((r, i) => {
            expect(r.quantity).toBe(String(lines[i]![1]));
            expect(quickOrderKey(r.identifier)).toBe(normalizeReference(lines[i]![0]) || null);
          });
        },
      ),
    );
  });
});

describe('quantities and codes', () => {
  it('corrects a quantity by the cart’s rules; none typed is 1 and says so', () => {
    expect(quickOrderQuantity('')).toEqual({ value: 1, correction: 'missing' });
    expect(quickOrderQuantity('2,5')).toEqual({ value: 3, correction: 'whole' });
    expect(quickOrderQuantity('0')).toEqual({ value: 1, correction: 'min' });
    expect(quickOrderQuantity('abc')).toEqual({ value: 1, correction: 'notNumber' });
    expect(quickOrderQuantity('12000')).toEqual({ value: 9999, correction: 'max' });
    expect(quickOrderQuantity(' 7 ')).toEqual({ value: 7, correction: null });
  });

  it('a code is compared without case, spaces, dots, dashes; nothing left or too long is no code', () => {
    expect(quickOrderKey('3e2-478.706 u')).toBe('3E2478706U');
    expect(quickOrderKey(' - . ')).toBeNull();
    expect(quickOrderKey('A'.repeat(QUICK_ORDER.identifierMaxLength + 1))).toBeNull();
  });
});

describe('the store a line goes to', () => {
  const stock = [
    { id: 'AGP01', units: 0 },
    { id: 'BCN01', units: 4 },
    { id: 'MAD01', units: 0 },
    { id: 'VLC01', units: 9 },
  ];
  it('the typed store when it holds stock or is home; else home with stock; else the first store holding it', () => {
    expect(quickOrderStore(stock, 'MAD01', 'vlc01')).toEqual({ store: 'VLC01', typedNote: null });
    expect(quickOrderStore(stock, 'MAD01', 'MAD01')).toEqual({ store: 'MAD01', typedNote: null });
    expect(quickOrderStore(stock, 'MAD01', 'AGP01')).toEqual({ store: 'BCN01', typedNote: 'noStock' });
    expect(quickOrderStore(stock, 'MAD01', 'XXX')).toEqual({ store: 'BCN01', typedNote: 'unknown' });
    expect(quickOrderStore(stock, 'VLC01', null)).toEqual({ store: 'VLC01', typedNote: null });
    expect(quickOrderStore(stock, 'MAD01', null)).toEqual({ store: 'BCN01', typedNote: null });
  });
  it('nowhere in stock: the home store (a back-order), else none; untracked: the typed store or home', () => {
    const none = stock.map((s) => ({ ...s, units: 0 }));
    expect(quickOrderStore(none, 'MAD01', null).store).toBe('MAD01');
    expect(quickOrderStore(none, null, null).store).toBeNull();
    const untracked = stock.map((s) => ({ ...s, units: null }));
    expect(quickOrderStore(untracked, 'MAD01', 'AGP01').store).toBe('AGP01');
    expect(quickOrderStore(untracked, 'MAD01', null).store).toBe('MAD01');
  });
});

describe('the resolve request', () => {
  it('takes the text or the rows, not both nor neither, and at most 500 rows', () => {
    expect(quickOrderResolveRequest.safeParse({ text: 'A 1' }).success).toBe(true);
    expect(quickOrderResolveRequest.safeParse({}).error?.issues[0]?.message).toBe('WARN_QuickOrderTextOrRows');
    expect(quickOrderResolveRequest.safeParse({ text: 'A', rows: [] }).success).toBe(false);
    const rows = Array.from({ length: QUICK_ORDER.maxLines + 1 }, (_, i) => ({ row: i + 1, identifier: 'A' }));
    expect(quickOrderResolveRequest.safeParse({ rows }).error?.issues[0]?.message).toBe('WARN_QuickOrderTooManyLines');
  });
});
