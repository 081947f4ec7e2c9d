import type { CategoryDetail } from '@portal/contract/content-tree';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { categoryKeys } from './content-keys';

/** GET /api/incategory/getnewcategory: an unsaved category (Spanish unless asked). */
export function getNewCategory(lang: string): Promise<CategoryDetail> {
  return apiRequest<CategoryDetail>('/api/incategory/getnewcategory', { query: { cod_idioma: lang } });
}

export const newCategoryQueryOptions = (lang: string) =>
  queryOptions({ queryKey: categoryKeys.newOne(lang), queryFn: () => getNewCategory(lang), staleTime: Infinity });

export const useNewCategory = (lang: string, enabled: boolean) =>
  useQuery({ ...newCategoryQueryOptions(lang), enabled });
