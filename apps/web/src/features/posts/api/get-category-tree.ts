import type { LanguageKey } from '@portal/contract/constants';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { postKeys } from './post-keys';

export type CategoryNode = { id: number; nombre: string; children: CategoryNode[] };
export type PostCategoryTree = { selected: number | null; tree: CategoryNode[] };

/** GET /api/incategory/gettree/{id}?cod_idioma=: the category tree with the post's category marked (0: a new post). */
export function getCategoryTree(postId: number, lang: LanguageKey): Promise<PostCategoryTree> {
  return apiRequest<PostCategoryTree>(`/api/incategory/gettree/${postId}`, { query: { cod_idioma: lang } });
}

export const categoryTreeQueryOptions = (postId: number, lang: LanguageKey) =>
  queryOptions({ queryKey: postKeys.categories(postId, lang), queryFn: () => getCategoryTree(postId, lang) });

export function useCategoryTree(postId: number, lang: LanguageKey) {
  return useQuery(categoryTreeQueryOptions(postId, lang));
}
