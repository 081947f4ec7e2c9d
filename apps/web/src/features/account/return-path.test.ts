import { describe, expect, it } from 'vitest';
import { loginPathFor, safeReturnPath } from './return-path';

describe('the page to return to after signing in', () => {
  it('keeps a path of this site, with its query and hash', () => {
    expect(safeReturnPath('/invoice')).toBe('/invoice');
    expect(safeReturnPath('/sales/41PV0019718')).toBe('/sales/41PV0019718');
    expect(safeReturnPath('/product-list/?q=filtro#top')).toBe('/product-list/?q=filtro#top');
  });

  it('refuses absolute and protocol-relative URLs and what browsers read as them', () => {
    for (const value of [
      'https://evil.test/invoice',
      'http:/evil.test',
      'javascript:alert(1)',
      '//evil.test/invoice',
      '/..//evil.test',
      '/.//evil.test',
      '/\\evil.test',
      '\\\\evil.test',
      '/\t/evil.test',
      '/\n/evil.test',
      ' /invoice',
      'invoice',
      '',
      null,
      undefined,
    ]) {
      expect(safeReturnPath(value), String(value)).toBeNull();
    }
  });

  it('never returns to a sign-in page', () => {
    expect(safeReturnPath('/login')).toBeNull();
    expect(safeReturnPath('/login?redirect=/invoice')).toBeNull();
    expect(safeReturnPath('/lock')).toBeNull();
  });

  it('the login address keeps the page asked for, except the home page and unsafe values', () => {
    expect(loginPathFor('/invoice')).toBe('/login?redirect=%2Finvoice');
    expect(loginPathFor('/sales/41PV1?x=1')).toBe('/login?redirect=%2Fsales%2F41PV1%3Fx%3D1');
    expect(loginPathFor('/dashboard')).toBe('/login');
    expect(loginPathFor('/')).toBe('/login');
    expect(loginPathFor('//evil.test')).toBe('/login');
  });
});
