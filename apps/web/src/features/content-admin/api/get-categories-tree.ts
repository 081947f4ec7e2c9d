import type { CategoryTreeResponse } from '@portal/contract/content-tree';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { categoryKeys } from './content-keys';

/** GET /api/incategory/getcategoriestreeview: the tree named in a language and its version. */
export function getCategoriesTree(lang: string): Promise<CategoryTreeResponse> {
  return apiRequest<CategoryTreeResponse>('/api/incategory/getcategoriestreeview', { query: { cod_idioma: lang } });
}

export const categoriesTreeQueryOptions = (lang: string) =>
  queryOptions({ queryKey: categoryKeys.tree(lang), queryFn: () => getCategoriesTree(lang), staleTime: 0 });

export const useCategoriesTree = (lang: string) => useQuery(categoriesTreeQueryOptions(lang));
