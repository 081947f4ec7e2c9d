import type { CartLine } from '@portal/contract/cart';
import { describe, expect, it } from 'vitest';
import {
  chosenStores,
  hasValidStore,
  isReferenceTooShort,
  linesNotFromStock,
  linesWithoutStore,
  messagesForChosenStores,
  validQuantity,
} from './cart-state';

const line = (id: number, chosen: string | null, stores: string[]): CartLine => ({
  id_linea: id,
  id_articulo: id,
  ref_jumasa: `REF.${id}`,
  descripcion: 'Pieza',
  familia_id: '01',
  stw_Proveedor: 'BOS',
  qty: 1,
  pv1d: 10,
  preciocliente: 8,
  listAmount: 10,
  netAmount: 8,
  inventlocationchosenid: chosen,
  availabilityinvent: stores.map((s) => ({ id_almacen: s, nombre: `Almacén ${s}`, status: 2, wsstock: 3 })),
  supply: chosen ? 'stock' : null,
  homeShort: null,
  jobRef: null,
});

describe('cart lines and their stores', () => {
  it('needs a chosen store that is in the line availability', () => {
    expect(hasValidStore(line(1, 'MAD01', ['MAD01', 'BCN01']))).toBe(true);
    expect(hasValidStore(line(1, null, ['MAD01']))).toBe(false);
    expect(hasValidStore(line(1, 'VLC01', ['MAD01']))).toBe(false);
  });

  it('lists the lines without a valid store and the stores chosen, once each', () => {
    const lines = [
      line(1, 'MAD01', ['MAD01']),
      line(2, null, ['MAD01']),
      line(3, 'BCN01', ['BCN01']),
      line(4, 'MAD01', ['MAD01']),
    ];
    expect(linesWithoutStore(lines)).toEqual([2]);
    expect(chosenStores(lines)).toEqual(['MAD01', 'BCN01']);
  });

  it('shows the message of each store chosen on a line only', () => {
    const messages = [
      { id: 1, origen: 'BCN01', mensaje: 'b' },
      { id: 2, origen: 'SVQ01', mensaje: 's' },
      { id: 3, origen: 'MAD01', mensaje: 'm' },
    ];
    const lines = [line(1, 'MAD01', ['MAD01']), line(2, 'BCN01', ['BCN01']), line(3, null, ['SVQ01'])];
    expect(messagesForChosenStores(lines, messages).map((m) => m.id)).toEqual([3, 1]);
  });
});

describe('cart inputs', () => {
  it('applies the 5-character reference rule ignoring spaces, dashes and dots', () => {
    expect(isReferenceTooShort('AB-CD')).toBe(true);
    expect(isReferenceTooShort(' a.b.c.d ')).toBe(true);
    expect(isReferenceTooShort('BOS.159-1016')).toBe(false);
    expect(isReferenceTooShort('ABCDE')).toBe(false);
  });

  it('accepts whole quantities from 1', () => {
    expect(validQuantity(3)).toBe(3);
    expect(validQuantity('12')).toBe(12);
    expect(validQuantity(0)).toBeNull();
    expect(validQuantity(1.5)).toBeNull();
    expect(validQuantity(null)).toBeNull();
    expect(validQuantity('')).toBeNull();
    expect(validQuantity(10_000)).toBeNull();
  });
});

describe('lines not served from stock (issue 11 item 3)', () => {
  it('lists the lines served by a transfer or a back-order, not those from stock or without information', () => {
    const lines: CartLine[] = [
      line(1, 'MAD01', ['MAD01']),
      { ...line(2, 'MAD01', ['MAD01']), supply: 'transfer' },
      { ...line(3, 'MAD01', ['MAD01']), supply: 'backorder' },
      { ...line(4, 'MAD01', ['MAD01']), supply: 'unknown' },
    ];
    expect(linesNotFromStock(lines).map((l) => l.id_linea)).toEqual([2, 3]);
  });
});
