import { describe, expect, it } from 'vitest';
import { cleanName, storagePath } from './paths.ts';

describe('cleanName', () => {
  it.each([
    ['informe.pdf', 'informe.pdf'],
    ['  .bashrc', 'bashrc'],
    ['a/b\\c:d*e?f"g<h>i|j.txt', 'a_b_c_d_e_f_g_h_i_j.txt'],
    ['tab\there\u0000.txt', 'tab_here_.txt'],
    ['name. . .', 'name'],
    ['CON', '_CON'],
    ['lpt1.txt', '_lpt1.txt'],
    ['%2e%2e', '_2e_2e'],
    ['', 'file'],
    ['...', 'file'],
    ['Cafe\u0301.png', 'Café.png'],
  ])('%j → %j', (input, expected) => {
    expect(cleanName(input)).toBe(expected);
  });

  it('shortens long names keeping the extension', () => {
    const cleaned = cleanName(`${'x'.repeat(400)}.jpeg`);
    expect(cleaned).toHaveLength(180);
    expect(cleaned.endsWith('.jpeg')).toBe(true);
  });
});

describe('storagePath', () => {
  it('normalises separators and answers "" for the root', () => {
    expect(storagePath('a\\b\\c.pdf')).toBe('a/b/c.pdf');
    expect(storagePath('a//b/')).toBe('a/b');
    expect(storagePath('')).toBe('');
    expect(storagePath('/')).toBe('');
    expect(storagePath('\\')).toBe('');
    expect(storagePath('Catálogo 2026/Guía de montaje.pdf')).toBe('Catálogo 2026/Guía de montaje.pdf');
  });
});
