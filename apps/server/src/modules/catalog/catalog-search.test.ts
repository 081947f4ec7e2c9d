import { productListQuery } from '@portal/contract/catalog';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { prefixRange, wordContainer, wordStreams } from './catalog-search.ts';

/** Code point order, which is the byte order of collate "C" and of the text_pattern_ops operators. */
const compare = (x: string, y: string) => {
  const a = [...x].map((c) => c.codePointAt(0)!);
  const b = [...y].map((c) => c.codePointAt(0)!);
  for (let i = 0; i < Math.min(a.length, b.length); i++) if (a[i] !== b[i]) return a[i]! - b[i]!;
  return a.length - b.length;
};

describe('prefixRange', () => {
  it('gives the range of the texts starting with the prefix', () => {
    expect(prefixRange('BOS18')).toEqual(['BOS18', 'BOS19']);
    expect(prefixRange('1315LZ')).toEqual(['1315LZ', '1315L[']);
    expect(prefixRange('A\u{D7FF}')).toEqual(['A\u{D7FF}', 'A\u{E000}']);
  });

  it('holds a text exactly when the text starts with the prefix', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 1, maxLength: 4, unit: 'grapheme' }),
        fc.string({ maxLength: 6, unit: 'grapheme' }),
        (prefix, text) => {
          const [from, to] = prefixRange(prefix);
          const inRange = compare(text, from) >= 0 && compare(text, to) < 0;
          expect(inRange).toBe(text.startsWith(prefix));
          const extended = prefix + text;
          expect(compare(extended, from) >= 0 && compare(extended, to) < 0).toBe(true);
        },
      ),
      { numRuns: 2000 },
    );
  });
});

describe('word streams (free text through word postings)', () => {
  const holder = wordContainer(['filtro', 'filtros', 'aceite', 'bosch', 'bos', 'x', 'luna', 'ab']);

  it('a word goes through the one catalogue word that holds it, if that word has two characters or more', () => {
    expect(holder('aceite')).toBe('aceite');
    expect(holder('cei')).toBe('aceite');
    expect(holder('filtro')).toBeNull(); // also in "filtros"
    expect(holder('bos')).toBeNull(); // "bos" and "bosch"
    expect(holder('sch')).toBe('bosch');
    expect(holder('x')).toBeNull(); // a single character has no postings
    expect(holder('zzz')).toBeNull();
  });

  it('takes words without digits, longest first, and none for code or model searches', () => {
    const streams = (query: Record<string, string>) => wordStreams(productListQuery.parse(query), holder);
    expect(streams({ filter: 'una ACEITE sch a1b' })).toEqual([
      { word: 'aceite', token: 'aceite' },
      { word: 'sch', token: 'bosch' },
      { word: 'una', token: 'luna' },
    ]);
    expect(streams({ filter: 'aceite aceite' })).toEqual([{ word: 'aceite', token: 'aceite' }]);
    expect(streams({ filter: 'aceite', familia: '01', marca: '3' })).toHaveLength(1);
    expect(streams({ filter: 'aceite', manufacturerrefOEM: 'A12' })).toEqual([]);
    expect(streams({ filter: 'aceite', searchbyreference: 'BOS12' })).toEqual([]);
    expect(streams({ filter: 'aceite', modelo: '4' })).toEqual([]);
    expect(streams({})).toEqual([]);
  });
});
