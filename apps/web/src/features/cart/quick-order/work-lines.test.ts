import type { QuickOrderCandidate, QuickOrderLine, ReorderLine } from '@portal/contract/quick-order';
import { describe, expect, it } from 'vitest';
import { addable, addRequest, fromReorder, fromResolved, nextRow, pick, summary } from './work-lines';

const candidate = (id: number, store: string | null): QuickOrderCandidate => ({
  id_articulo: id,
  ref_jumasa: `REF-${id}`,
  descripcion: 'Pieza',
  familia_id: '01',
  stw_Proveedor: 'BOSCH',
  eurocode: null,
  matchedBy: 'oem',
  pv1d: 10,
  preciocliente: 8,
  stock: [],
  store,
  storeNote: null,
});
const resolved = (row: number, candidates: QuickOrderCandidate[]): QuickOrderLine => ({
  row,
  identifier: `code ${row}`,
  quantityTyped: '2',
  storeTyped: '',
  quantity: 2,
  correction: null,
  status: candidates.length === 0 ? 'notFound' : candidates.length === 1 ? 'found' : 'ambiguous',
  candidates,
});

describe('the quick order screen’s lines', () => {
  it('a single candidate is chosen with its store; an ambiguous line waits for the customer’s pick', () => {
    const found = fromResolved(resolved(1, [candidate(5, 'MAD01')]));
    const ambiguous = fromResolved(resolved(2, [candidate(6, 'BCN01'), candidate(7, 'VLC01')]));
    const missing = fromResolved(resolved(7, []));
    expect(found).toMatchObject({ chosen: 5, store: 'MAD01' });
    expect(ambiguous).toMatchObject({ chosen: null, store: null });
    expect(summary([found, ambiguous, missing])).toEqual({ found: 1, ambiguous: 1, missing: 1 });
    expect(addable([found, ambiguous, missing])).toEqual([found]);
    const picked = pick(ambiguous, 7);
    expect(picked).toMatchObject({ chosen: 7, store: 'VLC01' });
    expect(pick(ambiguous, 99)).toBe(ambiguous);
    expect(addRequest([found, picked, missing])).toEqual({
      lines: [
        { id_articulo: 5, quantity: 2, store: 'MAD01' },
        { id_articulo: 7, quantity: 2, store: 'VLC01' },
      ],
    });
    expect(nextRow([found, ambiguous, missing])).toBe(8);
  });

  it('a reorder line sold no more is not found and cannot be added; its changes are kept', () => {
    const line: ReorderLine = {
      lineNo: 3,
      itemId: 'OLD-1',
      name: 'Pieza antigua',
      documentQuantity: 1.5,
      quantity: 2,
      correction: 'whole',
      documentPrice: 4,
      documentStore: 'BIO01',
      article: null,
      changes: ['notSold'],
    };
    const work = fromReorder(line);
    expect(work).toMatchObject({ status: 'notFound', chosen: null, changes: ['notSold'], quantityTyped: '1.5' });
    expect(addRequest([work]).lines).toEqual([]);
  });
});
