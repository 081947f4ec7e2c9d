import { stockMessageCalls } from '@portal/contract/stock';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call, invalidateCalls } from '@/lib/call';
import { stockMessageKeys } from './stock-keys';

/** Deletes a stock message (asked for confirmation first). */
export function deleteStockMessage(id: number) {
  return call(stockMessageCalls.remove, { params: { id } });
}

export function useDeleteStockMessageMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteStockMessage,
    onSuccess: (_result, id) => {
      queryClient.removeQueries({ queryKey: stockMessageKeys.detail(id) });
      return invalidateCalls(queryClient, stockMessageCalls.list);
    },
  });
}
