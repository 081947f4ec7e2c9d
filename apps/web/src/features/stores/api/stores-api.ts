import { type PutDlvModeNamesBody, type PutStockBody, storesCalls } from '@portal/contract/stores';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, callKey, invalidateCalls } from '@/lib/call';
import type { GridParams } from '@/lib/documents/grid-state';

/** Query keys of stores and articles, each the key of the call it caches (`callKey`). */
export const storeKeys = {
  list: (params: GridParams) => callKey(storesCalls.grid, { query: params }),
  detail: (id: string) => callKey(storesCalls.store, { params: { id } }),
};
export const articleKeys = {
  list: (params: GridParams) => callKey(storesCalls.articlesGrid, { query: params }),
};

/** A page of the whole catalogue. */
export const articlesGridQueryOptions = (params: GridParams) =>
  queryOptions({
    queryKey: articleKeys.list(params),
    queryFn: () => call(storesCalls.articlesGrid, { query: params }),
    placeholderData: keepPreviousData,
  });

/** A page of stores. */
export const storesGridQueryOptions = (params: GridParams) =>
  queryOptions({
    queryKey: storeKeys.list(params),
    queryFn: () => call(storesCalls.grid, { query: params }),
    placeholderData: keepPreviousData,
  });

/** One store. */
export function useStore(id: string) {
  return useQuery({
    queryKey: storeKeys.detail(id),
    queryFn: () => call(storesCalls.store, { params: { id } }, { silent: [404] }),
    retry: false,
  });
}

/** A store's e-mails and stock calculation: a 400 shows in the form; the stores' grid and pages are then stale. */
export function usePutStockMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PutStockBody) => call(storesCalls.put, { body }, { silent: [400] }),
    onSuccess: () => invalidateCalls(queryClient, storesCalls.grid, storesCalls.store),
  });
}

/** Every delivery mode with its names by language (decision 0091). */
export function useDlvModeNames() {
  return useQuery({ queryKey: callKey(storesCalls.dlvModes), queryFn: () => call(storesCalls.dlvModes, {}) });
}

/** A delivery mode's names: a 400 shows in the form; the list is then stale. */
export function usePutDlvModeNamesMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PutDlvModeNamesBody) => call(storesCalls.putDlvModeNames, { body }, { silent: [400] }),
    onSuccess: () => invalidateCalls(queryClient, storesCalls.dlvModes),
  });
}
