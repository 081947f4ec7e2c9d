import { stockMessageCalls, type UpdateStockMessageBody } from '@portal/contract/stock';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call, invalidateCalls } from '@/lib/call';

/** Changes a message: 1; a 400 or a 409 (the pair has another message) is shown by the form. */
export function updateStockMessage(body: UpdateStockMessageBody) {
  return call(stockMessageCalls.update, { body }, { silent: [400, 409] });
}

export function useUpdateStockMessageMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateStockMessage,
    onSuccess: () => invalidateCalls(queryClient, stockMessageCalls.list, stockMessageCalls.message),
  });
}
