import type { ProductListQuery } from '@portal/contract/catalog';

/** LIKE patterns take user text literally. */
export const likeEscape = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The texts starting with `prefix`, as a range in code point (byte, collate "C") order: [prefix, next) where
 * next is the prefix with its last character one higher. Written as a range rather than LIKE 'prefix%', it
 * stays an index range in a statement prepared before the value is known.
 */
export function prefixRange(prefix: string): [string, string] {
  const chars = [...prefix];
  const last = chars.pop()!.codePointAt(0)!;
  // The code points after U+D7FF are surrogates, not characters: the next character is U+E000.
  if (last === 0x10ffff) return [prefix, `${prefix}\u{10FFFF}`];
  return [prefix, chars.join('') + String.fromCodePoint(last === 0xd7ff ? 0xe000 : last + 1)];
}

export type SearchKind = 'article' | 'vehicle';

/**
 * A free-text word read through the postings of `token`, the one word of the catalogue that contains it
 * (migration 0010, docs/decisions/0009).
 */
export type WordStream = { word: string; token: string };

/**
 * From the catalogue's words (search_words, as last read), which words of a free-text search can be read
 * through postings: those without digits that exactly one catalogue word contains; the longest first, as it
 * is likely the rarest. The list is a hint: the search checks it again against search_words in its statement,
 * and takes the trigram way if it no longer holds. Searches by code or by model or engine lead with their own
 * index, so they get none.
 */
export function wordStreams(q: ProductListQuery, containing: (word: string) => string | null): WordStream[] {
  if (q.searchbyreference || q.manufacturerrefOEM || q.manufacturerrefEUROCODE || q.modelo || q.motor) return [];
  const streams: WordStream[] = [];
  for (const word of new Set(q.filter)) {
    const token = /[0-9]/.test(word) ? null : containing(word);
    if (token) streams.push({ word, token });
  }
  return streams.sort((a, b) => b.word.length - a.word.length || (a.word < b.word ? -1 : 1));
}

/** The one word of `vocabulary` that contains a given word, or null (none, or several); remembered per word. */
export function wordContainer(vocabulary: readonly string[]): (word: string) => string | null {
  const known = new Map<string, string | null>();
  return (word) => {
    let token = known.get(word);
    if (token === undefined) {
      const holders = [];
      for (const v of vocabulary) if (v.includes(word) && holders.push(v) > 1) break;
      // Single characters have no postings (migration 0010).
      token = holders.length === 1 && [...holders[0]!].length > 1 ? holders[0]! : null;
      if (known.size < 10_000) known.set(word, token);
    }
    return token;
  };
}
