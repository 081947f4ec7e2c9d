import { categoryCalls } from '@portal/contract/categories-calls';
import type { LanguageKey } from '@portal/contract/content-tree';
import type { QueryClient } from '@tanstack/react-query';
import { callKey, invalidateCalls } from '@/lib/call';

/** Query keys of categories, each the key of the call it caches (`callKey`). */
export const categoryKeys = {
  tree: (lang: LanguageKey) => callKey(categoryCalls.tree, { query: { cod_idioma: lang } }),
  detail: (id: number) => callKey(categoryCalls.category, { query: { id } }),
  newOne: (lang: LanguageKey) => callKey(categoryCalls.newCategory, { query: { cod_idioma: lang } }),
};

/** A saved category makes every read of the categories stale, the post editor's tree included. */
export const invalidateCategories = (queryClient: QueryClient) =>
  invalidateCalls(
    queryClient,
    categoryCalls.tree,
    categoryCalls.category,
    categoryCalls.newCategory,
    categoryCalls.postTree,
  );
