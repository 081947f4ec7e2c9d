import { categoryCalls } from '@portal/contract/categories-calls';
import type { LanguageKey } from '@portal/contract/constants';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/call';
import { postKeys } from './post-keys';

/** The category tree with the post's category marked (0: a new post). */
export function getCategoryTree(postId: number, lang: LanguageKey) {
  return call(categoryCalls.postTree, { params: { id: postId }, query: { cod_idioma: lang } });
}

export const categoryTreeQueryOptions = (postId: number, lang: LanguageKey) =>
  queryOptions({ queryKey: postKeys.categories(postId, lang), queryFn: () => getCategoryTree(postId, lang) });

export function useCategoryTree(postId: number, lang: LanguageKey) {
  return useQuery(categoryTreeQueryOptions(postId, lang));
}
