import type { CategoryDetail } from '@portal/contract/content-tree';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { categoryKeys } from './content-keys';

/** GET /api/incategory/getcategory?id=: a category with all its languages. */
export function getCategory(id: number): Promise<CategoryDetail> {
  return apiRequest<CategoryDetail>('/api/incategory/getcategory', { query: { id } });
}

export const categoryQueryOptions = (id: number) =>
  queryOptions({ queryKey: categoryKeys.detail(id), queryFn: () => getCategory(id), staleTime: 0 });

export const useCategory = (id: number | null) =>
  useQuery({ ...categoryQueryOptions(id ?? 0), enabled: id !== null && id > 0 });
