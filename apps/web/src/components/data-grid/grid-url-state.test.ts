import { INVOICES_GRID, SALES_GRID } from '@portal/contract/sales';
import { describe, expect, it } from 'vitest';
import { type FilterSpec, initialGridState } from '../../lib/documents/grid-state';
import { readGridUrl, readProductUrl, writeGridUrl } from './grid-url-state';

const specs: Record<string, FilterSpec> = {
  SALESID: { kind: 'text' },
  CUSTOMERREF: { kind: 'text' },
  JUMCREATEDDATE: { kind: 'dateRange' },
  SALESSTATUS: { kind: 'select', allValue: '-1' },
};

describe('a document grid in the query string', () => {
  it('reads the defaults from an empty query string and writes nothing for them', () => {
    const state = readGridUrl(new URLSearchParams(), SALES_GRID, specs);
    expect(state).toEqual(initialGridState(SALES_GRID));
    expect(writeGridUrl(new URLSearchParams(), state, SALES_GRID, specs).toString()).toBe('');
  });

  it('writes page, page size, sort and every filter, and reads them back', () => {
    const state = {
      page: 3,
      rows: 20,
      sidx: 'CUSTOMERREF',
      sord: 'asc' as const,
      filters: { CUSTOMERREF: 'taller norte', JUMCREATEDDATE: ['2025-01-05', undefined] as const, SALESSTATUS: '3' },
    };
    const params = writeGridUrl(new URLSearchParams('id=7'), state, SALES_GRID, specs);
    expect(params.get('id')).toBe('7');
    expect(params.get('page')).toBe('3');
    expect(params.get('rows')).toBe('20');
    expect(params.get('sort')).toBe('CUSTOMERREF');
    expect(params.get('order')).toBe('asc');
    expect(params.get('f.CUSTOMERREF')).toBe('taller norte');
    expect(params.get('f.JUMCREATEDDATE')).toBe('2025-01-05..');
    expect(params.get('f.SALESSTATUS')).toBe('3');
    expect(readGridUrl(params, SALES_GRID, specs)).toEqual(state);
  });

  it('leaves out empty filters and the All status, and replaces the old grid parameters', () => {
    const base = new URLSearchParams('page=4&f.SALESID=AB&sort=SALESID&order=asc&keep=1');
    const state = { ...initialGridState(SALES_GRID), filters: { SALESID: '  ', SALESSTATUS: '-1' } };
    expect(writeGridUrl(base, state, SALES_GRID, specs).toString()).toBe('keep=1');
  });

  it('falls back to the defaults for malformed or unknown values', () => {
    const params = new URLSearchParams(
      'page=-2&rows=25&sort=PackingSlipRelated&order=up&f.JUMCREATEDDATE=2025-02-30..x&f.UNKNOWN=1&f.CUSTOMERREF=',
    );
    expect(readGridUrl(params, SALES_GRID, specs)).toEqual(initialGridState(SALES_GRID));
    // A sortable column with no order keeps the default order.
    expect(readGridUrl(new URLSearchParams('sort=SALESID'), SALES_GRID, specs)).toMatchObject({
      sidx: 'SALESID',
      sord: 'desc',
    });
  });

  it('keeps the product filter from 2 characters, and removes it when asked', () => {
    expect(readProductUrl(new URLSearchParams('product=a'))).toBeUndefined();
    expect(readProductUrl(new URLSearchParams('product=%20luna%20'))).toBe('luna');
    const state = initialGridState(INVOICES_GRID);
    const withProduct = writeGridUrl(new URLSearchParams(), state, INVOICES_GRID, {}, 'luna');
    expect(withProduct.toString()).toBe('product=luna');
    expect(writeGridUrl(withProduct, state, INVOICES_GRID, {}).toString()).toBe('product=luna');
    expect(writeGridUrl(withProduct, state, INVOICES_GRID, {}, null).toString()).toBe('');
  });
});
