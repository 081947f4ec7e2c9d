import { categoryCalls } from '@portal/contract/categories-calls';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/call';
import { categoryKeys } from './categories-keys';

/** A category with all its languages. */
export function getCategory(id: number) {
  return call(categoryCalls.category, { query: { id } });
}

export const categoryQueryOptions = (id: number) =>
  queryOptions({ queryKey: categoryKeys.detail(id), queryFn: () => getCategory(id), staleTime: 0 });

export const useCategory = (id: number | null) =>
  useQuery({ ...categoryQueryOptions(id ?? 0), enabled: id !== null && id > 0 });
