import type { GridResponse } from '@portal/contract/grids';
import type { ArticleRow, PutStockBody, StoreRow } from '@portal/contract/stores';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import type { GridParams } from '@/lib/documents/grid-state';

/** Query keys of stores and articles: a mutation invalidates exactly what it changed. */
export const storeKeys = {
  all: ['stores'] as const,
  list: (params: unknown) => [...storeKeys.all, 'list', params] as const,
  detail: (id: string) => [...storeKeys.all, 'detail', id] as const,
};
export const articleKeys = { list: (params: unknown) => ['articles-admin', 'list', params] as const };

/** GET /api/inarticle/GetArticlesJqGrid: a page of the whole catalogue. */
export const articlesGridQueryOptions = (params: GridParams) =>
  queryOptions({
    queryKey: articleKeys.list(params),
    queryFn: () => apiRequest<GridResponse<ArticleRow>>('/api/inarticle/GetArticlesJqGrid', { query: params }),
    placeholderData: keepPreviousData,
  });

/** GET /api/instock/GetStockJqGrid: a page of stores. */
export const storesGridQueryOptions = (params: GridParams) =>
  queryOptions({
    queryKey: storeKeys.list(params),
    queryFn: () => apiRequest<GridResponse<StoreRow>>('/api/instock/GetStockJqGrid', { query: params }),
    placeholderData: keepPreviousData,
  });

/** GET /api/instock/getstock/{id}. */
export function useStore(id: string) {
  return useQuery({
    queryKey: storeKeys.detail(id),
    queryFn: () => apiRequest<StoreRow>(`/api/instock/getstock/${encodeURIComponent(id)}`, { silent: [404] }),
    retry: false,
  });
}

/** POST /api/instock/putstock/: a 400 shows in the form. */
export function usePutStockMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PutStockBody) =>
      apiRequest<{ message: string; INVENTLOCATIONID: string }>('/api/instock/putstock', {
        method: 'POST',
        json: body,
        silent: [400],
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: storeKeys.all }),
  });
}
