import type { LanguageKey } from '@portal/contract/constants';
import { cartKeys } from '@/lib/cart-keys';

/**
 * The cart screen's own keys, under the shared `cartKeys` so that invalidating `cartKeys.current()` after a
 * change refreshes the lines, the totals and the header badge together.
 */
export const cartScreenKeys = {
  detail: (lang: LanguageKey) => [...cartKeys.current(), 'detail', lang] as const,
  ubication: () => [...cartKeys.all, 'ubication'] as const,
  messages: () => [...cartKeys.all, 'messages'] as const,
  referenceSearch: (reference: string, pageIndex: number, lang: LanguageKey) =>
    [...cartKeys.all, 'reference-search', reference, pageIndex, lang] as const,
  clients: (brand: string, orderBy: string) => [...cartKeys.all, 'clients', brand, orderBy] as const,
  client: (brand: string) => [...cartKeys.all, 'client', brand] as const,
};
