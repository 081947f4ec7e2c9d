import { type AddStockMessageBody, stockMessageCalls } from '@portal/contract/stock';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call, invalidateCalls } from '@/lib/call';

/** Adds a message: 1 and the id; a 400 or a 409 (duplicate pair) is shown by the form. */
export function addStockMessage(body: AddStockMessageBody) {
  return call(stockMessageCalls.add, { body }, { silent: [400, 409] });
}

export function useAddStockMessageMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addStockMessage,
    onSuccess: () => invalidateCalls(queryClient, stockMessageCalls.list),
  });
}
