import { categoryCalls } from '@portal/contract/categories-calls';
import type { LanguageKey } from '@portal/contract/content-tree';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/call';
import { categoryKeys } from './categories-keys';

/** An unsaved category (Spanish unless asked). */
export function getNewCategory(lang: LanguageKey) {
  return call(categoryCalls.newCategory, { query: { cod_idioma: lang } });
}

export const newCategoryQueryOptions = (lang: LanguageKey) =>
  queryOptions({ queryKey: categoryKeys.newOne(lang), queryFn: () => getNewCategory(lang), staleTime: Infinity });

export const useNewCategory = (lang: LanguageKey, enabled: boolean) =>
  useQuery({ ...newCategoryQueryOptions(lang), enabled });
