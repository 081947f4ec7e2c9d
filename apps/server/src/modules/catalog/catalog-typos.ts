/**
 * Typo tolerance of the free-text search (issue 27, decision 0068). A word that no catalogue word contains can be in
 * no article; it is corrected against the vocabulary of the article names (migration 0044), never against the
 * articles. Words found as typed are never corrected, words with digits (codes) and words under four letters neither.
 */

/** A vocabulary word close to a typed one, as the database proposes it (trigram similarity of their plain forms). */
export type Candidate = { typed: string; word: string; plain: string; articles: number; similarity: number };

/** The shortest word the search corrects, in characters. */
export const CORRECTABLE_MIN_LENGTH = 4;

/** Lower case without accents: "Bujía" → "bujia" (the vocabulary's `plain`, migration 0044). */
export const plainWord = (word: string) =>
  word
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .normalize('NFC');

/** Whether a searched word may be corrected: letters only (no digits, no punctuation), four characters or more. */
export const isCorrectable = (word: string) =>
  [...word].length >= CORRECTABLE_MIN_LENGTH && !/[\p{N}\p{P}\p{S}]/u.test(word);

/** How many edits a correction may make: one for words of up to five characters, two for longer ones. */
export const maxEdits = (word: string) => ([...word].length <= 5 ? 1 : 2);

/** Edits from a to b: insertions, deletions, substitutions and swaps of two neighbours (optimal string alignment). */
export function editDistance(a: string, b: string): number {
  const s = [...a];
  const t = [...b];
  const d = Array.from({ length: s.length + 1 }, (_, i) =>
    Array.from({ length: t.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= s.length; i++) {
    for (let j = 1; j <= t.length; j++) {
      const cost = s[i - 1] === t[j - 1] ? 0 : 1;
      let best = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && s[i - 1] === t[j - 2] && s[i - 2] === t[j - 1])
        best = Math.min(best, d[i - 2]![j - 2]! + 1);
      d[i]![j] = best;
    }
  }
  return d[s.length]![t.length]!;
}

/**
 * The correction of a typed word among the database's candidates: the fewest edits (within maxEdits), then the most
 * similar, then the word most articles hold; null when none is close enough.
 */
export function bestCorrection(typed: string, candidates: Candidate[]): string | null {
  const plain = plainWord(typed);
  let best: { c: Candidate; edits: number } | null = null;
  for (const c of candidates) {
    if (c.typed !== typed) continue;
    const edits = editDistance(plain, c.plain);
    if (edits > maxEdits(plain)) continue;
    if (
      !best ||
      edits < best.edits ||
      (edits === best.edits &&
        (c.similarity > best.c.similarity || (c.similarity === best.c.similarity && c.articles > best.c.articles)))
    )
      best = { c, edits };
  }
  return best?.c.word ?? null;
}
