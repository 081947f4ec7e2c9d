import { GLASS_FAMILY, normalizeCode } from '@portal/contract/catalog';
import { LIMITS } from '@portal/contract/constants';
import { useCallback, useEffect, useRef, useState } from 'react';
import {
  type CatalogSearch,
  isReferenceTooShort,
  type SearchPatch,
  TEXT_FIELDS,
  type TextField,
} from '../search-state';
import type { UpdateSearch } from './use-catalog-search';

export type TextDrafts = Record<TextField, string>;

const pick = (search: CatalogSearch): TextDrafts => ({
  filter: search.filter,
  ref: search.ref,
  oem: search.oem,
  eurocode: search.eurocode,
});

type CodeField = 'oem' | 'eurocode';
/** What was typed into an OEM or EUROCODE field that the search normalised (shown next to the field). */
export type CodeCorrections = Partial<Record<CodeField, string>>;
/** A correction remembers the code it was searched as: it shows while the URL searches that code. */
type Corrected = Partial<Record<CodeField, { typed: string; code: string }>>;

/**
 * What is typed into the text fields, searched 600 ms after typing stops or at once with Enter
 * (spec part 1 §9). A reference shorter than 5 characters is not searched and raises the warning; an
 * OEM or EUROCODE is searched normalised (spaces, dashes and dots removed, upper case), the field shows the
 * code searched and `corrections` what had been typed; a EUROCODE selects the glass family (28).
 */
export function useTextDrafts(search: CatalogSearch, update: UpdateSearch) {
  const [drafts, setDrafts] = useState<TextDrafts>(() => pick(search));
  const [refWarning, setRefWarning] = useState(false);
  const [corrected, setCorrected] = useState<Corrected>({});
  const draftsRef = useRef(drafts);
  const timer = useRef<number | undefined>(undefined);
  const seen = useRef(pick(search));

  // Back, forward or a link changed the URL: the fields show the URL's values (only those that changed,
  // so a field being typed into is not overwritten by a change elsewhere).
  const { filter, ref, oem, eurocode } = search;
  useEffect(() => {
    const url: TextDrafts = { filter, ref, oem, eurocode };
    const changed = TEXT_FIELDS.filter((field) => seen.current[field] !== url[field]);
    seen.current = url;
    if (changed.length === 0) return;
    const next = { ...draftsRef.current };
    for (const field of changed) next[field] = url[field];
    draftsRef.current = next;
    setDrafts(next);
    if (changed.includes('ref')) setRefWarning(false);
  }, [filter, ref, oem, eurocode]);

  const commit = useCallback(() => {
    window.clearTimeout(timer.current);
    const values = { ...draftsRef.current };
    const patch: SearchPatch = { filter: values.filter.trim() };
    if (isReferenceTooShort(values.ref)) {
      setRefWarning(true);
    } else {
      setRefWarning(false);
      patch.ref = values.ref.trim();
    }
    const next: Corrected = {};
    for (const field of ['oem', 'eurocode'] as const) {
      const typed = values[field].trim();
      const code = normalizeCode(typed);
      patch[field] = code;
      if (code !== typed) next[field] = { typed, code };
      values[field] = code;
    }
    // Enter repeating the search the URL already holds (the 600 ms search got there first, with the code
    // already normalised) keeps what that search corrected; any other search says only what it corrected.
    const repeat = TEXT_FIELDS.every((field) => (patch[field] ?? seen.current[field]) === seen.current[field]);
    setCorrected(repeat ? (current) => ({ ...current, ...next }) : next);
    if (patch.eurocode) patch.familia = GLASS_FAMILY as CatalogSearch['familia'];
    if (values.oem !== draftsRef.current.oem || values.eurocode !== draftsRef.current.eurocode) {
      draftsRef.current = values;
      setDrafts(values);
    }
    // Our own change of the URL must not overwrite the fields (e.g. a trailing space being typed).
    seen.current = { ...seen.current, ...(patch as Partial<TextDrafts>) };
    update(patch);
  }, [update]);

  const change = useCallback(
    (field: TextField, value: string) => {
      const next = { ...draftsRef.current, [field]: value };
      draftsRef.current = next;
      setDrafts(next);
      setCorrected((current) => forget(current, [field]));
      window.clearTimeout(timer.current);
      timer.current = window.setTimeout(commit, LIMITS.searchDebounceMs);
    },
    [commit],
  );

  useEffect(() => () => window.clearTimeout(timer.current), []);

  /** Clear filters: every field empty, no warning, no correction, no search pending (issue 11 item 5). */
  const clear = useCallback(() => {
    window.clearTimeout(timer.current);
    const empty: TextDrafts = { filter: '', ref: '', oem: '', eurocode: '' };
    draftsRef.current = empty;
    seen.current = empty;
    setDrafts(empty);
    setRefWarning(false);
    setCorrected({});
  }, []);

  // Shown only while the URL searches the corrected code and the field still shows it: an intermediate URL
  // (an earlier debounced search landing late), back or forward to another code hides it without losing it.
  const corrections: CodeCorrections = {};
  for (const field of ['oem', 'eurocode'] as const) {
    const c = corrected[field];
    if (c && c.code === search[field] && c.code === drafts[field]) corrections[field] = c.typed;
  }

  return { drafts, change, commit, clear, refWarning, corrections };
}

function forget(corrections: Corrected, fields: TextField[]): Corrected {
  if (!fields.some((f) => f in corrections)) return corrections;
  const next = { ...corrections };
  for (const f of fields) delete next[f as CodeField];
  return next;
}
