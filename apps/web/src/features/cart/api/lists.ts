import { type ListOrderResponse, listCalls } from '@portal/contract/lists';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, callKey, invalidateCalls } from '@/lib/call';
import { cartCache } from '@/lib/cart-keys';

/** The lists of the caller's client (issue 26; decision 0080), by name. */
export const listsQueryOptions = () =>
  queryOptions({ queryKey: callKey(listCalls.lists), queryFn: () => call(listCalls.lists, {}) });
export const useLists = () => useQuery(listsQueryOptions());

/** One list with its lines at today's price and stock. */
export const listQueryOptions = (id: number) =>
  queryOptions({
    queryKey: callKey(listCalls.detail, { params: { id } }),
    queryFn: () => call(listCalls.detail, { params: { id } }, { silent: [404] }),
  });
export const useList = (id: number) => useQuery(listQueryOptions(id));

/** The screens say a refusal themselves (beside the field, or in a message): no error popup as well. */
const quiet = { silent: [400, 403] } as const;

/** A change of lists: every list's summary and detail are read again. */
function useListChange<V, R>(run: (v: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => invalidateCalls(client, listCalls.lists, listCalls.detail),
  });
}

export const useCreateList = () => useListChange((name: string) => call(listCalls.create, { body: { name } }, quiet));
export const useUpdateList = () =>
  useListChange((v: { id: number; name?: string; locked?: boolean }) =>
    call(listCalls.update, { params: { id: v.id }, body: { name: v.name, locked: v.locked } }, quiet),
  );
export const useDuplicateList = () =>
  useListChange((v: { id: number; name: string }) =>
    call(listCalls.duplicate, { params: { id: v.id }, body: { name: v.name } }, quiet),
  );
export const useDeleteList = () => useListChange((id: number) => call(listCalls.remove, { params: { id } }));
export const useUpdateListLine = () =>
  useListChange((v: { id: number; lineId: number; quantity: number }) =>
    call(listCalls.updateLine, { params: { id: v.id, lineId: v.lineId }, body: { quantity: v.quantity } }),
  );
export const useRemoveListLine = () =>
  useListChange((v: { id: number; lineId: number }) => call(listCalls.removeLine, { params: v }, quiet));

/** A list's lines (all, or those chosen) to the cart; the cart is read again. */
export function useOrderList() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (v: { id: number; lineIds?: number[] }): Promise<ListOrderResponse> =>
      call(listCalls.order, { params: { id: v.id }, body: { lineIds: v.lineIds } }, quiet),
    onSuccess: (answer) => cartCache.changed(client, answer.count),
  });
}
