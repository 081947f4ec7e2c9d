import { categoryCalls } from '@portal/contract/categories-calls';
import type { LanguageKey } from '@portal/contract/content-tree';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/call';
import { categoryKeys } from './categories-keys';

/** The category tree named in a language and its version. */
export function getCategoriesTree(lang: LanguageKey) {
  return call(categoryCalls.tree, { query: { cod_idioma: lang } });
}

export const categoriesTreeQueryOptions = (lang: LanguageKey) =>
  queryOptions({ queryKey: categoryKeys.tree(lang), queryFn: () => getCategoriesTree(lang), staleTime: 0 });

export const useCategoriesTree = (lang: LanguageKey) => useQuery(categoriesTreeQueryOptions(lang));
