import { describe, expect, it } from 'vitest';
import { applyPatch, hasVehicle, isReferenceTooShort, readSearch, searchToParams, toListParams } from './search-state';

const read = (query: string) => readSearch(new URLSearchParams(query));

describe('catalogue search in the URL', () => {
  it('reads and writes back the same query string, leaving defaults out', () => {
    const query = 'marca=1&modelo=2&motor=3&familia=01&filter=kit&novelty=1&order=desc&page=3&view=list';
    expect(searchToParams(read(query)).toString()).toBe(query);
    expect(searchToParams(read('')).toString()).toBe('');
  });

  it('keeps the stock filter and the sort by price, and sends them to the list call', () => {
    const query = 'familia=24&order=desc&sort=price&stock=home';
    const search = read(query);
    expect(search).toMatchObject({ sort: 'price', stock: 'home', order: 'desc' });
    expect(searchToParams(search).toString()).toBe(query);
    expect(toListParams(search, 'es')).toMatchObject({ sort: 'price', stock: 'home', order: 'desc' });
    expect(read('stock=mine&sort=cost')).toMatchObject({ stock: undefined, sort: 'ref' });
    expect(toListParams(read(''), 'es')).toMatchObject({ sort: undefined, stock: undefined });
    expect(applyPatch(read('page=3'), { stock: 'any' }).page).toBe(1);
  });

  it('drops malformed values', () => {
    const search = read('marca=abc&familia=99&page=-2&order=up&view=tiles&country=XX&plate=1234BCD');
    expect(search).toMatchObject({ marca: undefined, familia: undefined, page: 1, order: 'asc', view: 'grid' });
    expect(search.country).toBe('ES');
  });

  it('goes back to page 1 when the search changes, not when only the page or view does', () => {
    const search = read('familia=28&page=4');
    expect(applyPatch(search, { offer: true }).page).toBe(1);
    expect(applyPatch(search, { view: 'list' }).page).toBe(4);
    expect(applyPatch(search, { page: 5 }).page).toBe(5);
  });

  it('forgets the plate search when the vehicle is changed by hand', () => {
    const search = read('marca=1&modelo=2&motor=3&plate=1234BCD&country=ES&logid=7');
    expect(applyPatch(search, { motor: 4 })).toMatchObject({ plate: '', logid: undefined });
    expect(applyPatch(search, { familia: '01' })).toMatchObject({ plate: '1234BCD', logid: 7 });
  });

  it('applies the reference and one-word rules of spec part 1 §5', () => {
    expect(isReferenceTooShort('AB-CD')).toBe(true);
    expect(isReferenceTooShort('a.b c-d')).toBe(true);
    expect(isReferenceTooShort('ABCDE')).toBe(false);
    expect(isReferenceTooShort('')).toBe(false);
    // OEM and EUROCODE codes are searched like references: spaces, dashes and dots do not count.
    const codes = toListParams(read('oem=3e2%20478-706.U&eurocode=%20'), 'es');
    expect(codes.manufacturerrefOEM).toBe('3E2478706U');
    expect(codes.manufacturerrefEUROCODE).toBeUndefined();
  });

  it('builds the getlist parameters (0-based page, 8 per page) and picks getlist2 for a vehicle', () => {
    const search = read('marca=1&ref=AB&page=2&novelty=1');
    expect(toListParams(search, 'es')).toMatchObject({
      lang: 'es',
      pageIndex: 1,
      pageSize: 8,
      marca: 1,
      novelty: true,
      offer: undefined,
      searchbyreference: undefined,
    });
    expect(hasVehicle(search)).toBe(true);
    expect(hasVehicle(read('familia=01'))).toBe(false);
  });
});
