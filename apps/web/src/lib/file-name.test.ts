import { describe, expect, it } from 'vitest';
import { fileNameFromDisposition } from './file-name';

describe('download file names', () => {
  it('reads the RFC 5987 name first, then the plain one', () => {
    expect(fileNameFromDisposition('attachment; filename="Albaran_ALB1.pdf"', 'x.pdf')).toBe('Albaran_ALB1.pdf');
    expect(
      fileNameFromDisposition(`attachment; filename="Albaran.pdf"; filename*=UTF-8''Albar%C3%A1n_ALB1.pdf`, 'x.pdf'),
    ).toBe('Albarán_ALB1.pdf');
    expect(fileNameFromDisposition('attachment; filename=Factura_FV1.xlsx', 'x.xlsx')).toBe('Factura_FV1.xlsx');
  });

  it('never leaves the downloads folder and falls back when there is no usable name', () => {
    expect(fileNameFromDisposition('attachment; filename="../../etc/passwd"', 'x.pdf')).toBe('passwd');
    expect(fileNameFromDisposition('attachment; filename="..\\\\evil.pdf"', 'x.pdf')).toBe('evil.pdf');
    expect(fileNameFromDisposition('attachment; filename=".."', 'x.pdf')).toBe('x.pdf');
    expect(fileNameFromDisposition('inline', 'x.pdf')).toBe('x.pdf');
    expect(fileNameFromDisposition(null, 'x.pdf')).toBe('x.pdf');
  });

  it('reads the receipt names (the checkout result PDF)', () => {
    expect(fileNameFromDisposition('attachment; filename="justificante-12.pdf"', 'x.pdf')).toBe('justificante-12.pdf');
    expect(
      fileNameFromDisposition(
        'attachment; filename="a.pdf"; filename*=UTF-8\'\'Justificante%20n%C2%BA%2012.pdf',
        'x.pdf',
      ),
    ).toBe('Justificante nº 12.pdf');
    expect(fileNameFromDisposition('attachment; filename=plain.pdf', 'x.pdf')).toBe('plain.pdf');
  });
});
