import { useSyncExternalStore } from 'react';

/** True while the media query matches, e.g. `(max-width: 979px)`. */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (listener) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', listener);
      return () => list.removeEventListener('change', listener);
    },
    () => window.matchMedia(query).matches,
    () => false,
  );
}

/**
 * A phone (decision 0070): at 767 px and below a table's lines become cards and the catalogue's search form folds.
 * Between 768 and 979 px (a tablet, the drawer menu) the tables stay tables.
 */
export const PHONE_QUERY = '(max-width: 767px)';

export const usePhone = (): boolean => useMediaQuery(PHONE_QUERY);
