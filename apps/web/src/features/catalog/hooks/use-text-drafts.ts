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

/**
 * What is typed into the text fields, searched 600 ms after typing stops or at once with Enter
 * (spec part 1 §9). A reference shorter than 5 characters is not searched and raises the warning; an
 * OEM or EUROCODE is searched normalised (spaces, dashes and dots removed, upper case), the field shows the
 * code searched and `corrections` what had been typed; a EUROCODE selects the glass family (28).
 */
export function useTextDrafts(search: CatalogSearch, update: UpdateSearch) {
  const [drafts, setDrafts] = useState<TextDrafts>(() => pick(search));
  const [refWarning, setRefWarning] = useState(false);
  const [corrections, setCorrections] = useState<CodeCorrections>({});
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
    setCorrections((current) => forget(current, changed));
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
    const corrected: CodeCorrections = {};
    for (const field of ['oem', 'eurocode'] as const) {
      const typed = values[field].trim();
      const code = normalizeCode(typed);
      patch[field] = code;
      if (code !== typed) corrected[field] = typed;
      values[field] = code;
    }
    setCorrections(corrected);
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
      setCorrections((current) => forget(current, [field]));
      window.clearTimeout(timer.current);
      timer.current = window.setTimeout(commit, LIMITS.searchDebounceMs);
    },
    [commit],
  );

  useEffect(() => () => window.clearTimeout(timer.current), []);

  return { drafts, change, commit, refWarning, corrections };
}

function forget(corrections: CodeCorrections, fields: TextField[]): CodeCorrections {
  if (!fields.some((f) => f in corrections)) return corrections;
  const next = { ...corrections };
  for (const f of fields) delete next[f as CodeField];
  return next;
}
