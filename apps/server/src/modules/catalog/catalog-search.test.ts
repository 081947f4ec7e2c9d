import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { prefixRange } from './catalog-search.ts';

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
