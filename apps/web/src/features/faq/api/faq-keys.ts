import type { LanguageKey } from '@portal/contract/constants';
import { faqCalls as c } from '@portal/contract/faq';
import type { QueryClient } from '@tanstack/react-query';
import { callKey, invalidateCalls } from '@/lib/call';
import type { GridParams } from '@/lib/documents/grid-state';

/** Query keys of the FAQ, each the key of the call it caches (`callKey`). */
export const faqKeys = {
  ofLanguage: (lang: LanguageKey) => callKey(c.ofLanguage, { query: { cod_idioma: lang } }),
  grid: (params: GridParams) => callKey(c.grid, { query: params }),
  detail: (id: number) => callKey(c.pack, { params: { id } }),
  newPack: (lang: LanguageKey) => callKey(c.newPack, { query: { lang } }),
};

/** A save or a delete makes every read of the FAQ stale: the packs, the grids and the customers' FAQ. */
export const invalidateFaq = (queryClient: QueryClient) =>
  invalidateCalls(queryClient, c.grid, c.gridOfLanguage, c.ofLanguage, c.defaultPacks, c.pack, c.responses, c.newPack);
