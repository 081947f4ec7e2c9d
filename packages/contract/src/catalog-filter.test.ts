import { describe, expect, it } from 'vitest';
import { productListQuery, SEARCH_WORDS_MAX } from './catalog.ts';

/**
 * The catalogue's free text takes one shape from the contract to the repository: the search query's `filter` is
 * parsed once to its words (lower case, at most SEARCH_WORDS_MAX), which the server's search uses as they are.
 */
describe('the catalogue search query parses its free text to words', () => {
  it('lower-cases and splits the text on any run of spaces', () => {
    expect(productListQuery.parse({ filter: '  Pastillas \t FRENO  Bosch ' }).filter).toEqual([
      'pastillas',
      'freno',
      'bosch',
    ]);
  });

  it('keeps the first words only', () => {
    const typed = Array.from({ length: SEARCH_WORDS_MAX + 3 }, (_, i) => `w${i}`);
    const { filter } = productListQuery.parse({ filter: typed.join(' ') });
    expect(filter).toEqual(typed.slice(0, SEARCH_WORDS_MAX));
  });

  it('has no words when the text is absent, empty or blank', () => {
    for (const query of [{}, { filter: '' }, { filter: '   ' }, { filter: null }])
      expect(productListQuery.parse(query).filter).toEqual([]);
  });

  it('refuses a text over 100 characters', () => {
    expect(productListQuery.safeParse({ filter: 'a'.repeat(101) }).success).toBe(false);
  });
});
