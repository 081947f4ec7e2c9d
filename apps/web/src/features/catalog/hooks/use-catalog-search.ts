import { useCallback, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { applyPatch, readSearch, type SearchPatch, searchToParams } from '../search-state';

export type UpdateSearch = (patch: SearchPatch, options?: { replace?: boolean }) => void;

/**
 * The catalogue search lives in the URL query string: each change is a history entry, so back and
 * forward step through searches, and a reload or a shared link shows the same results.
 */
export function useCatalogSearch() {
  const [params, setParams] = useSearchParams();
  const search = useMemo(() => readSearch(params), [params]);
  // Several changes in one event compose: each one starts from the newest query string.
  const latest = useRef(params);
  latest.current = params;

  const update = useCallback<UpdateSearch>(
    (patch, options) => {
      const current = searchToParams(readSearch(latest.current)).toString();
      const next = searchToParams(applyPatch(readSearch(latest.current), patch));
      if (next.toString() === current) return;
      latest.current = next;
      setParams(next, { replace: options?.replace });
    },
    [setParams],
  );

  /** Back to an empty search, keeping the chosen view. */
  const reset = useCallback(() => {
    const view = readSearch(latest.current).view;
    const next = new URLSearchParams(view === 'list' ? { view } : {});
    latest.current = next;
    setParams(next);
  }, [setParams]);

  return { search, update, reset };
}
