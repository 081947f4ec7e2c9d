import type { AddStockMessageBody } from '@portal/contract/rules';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { stockMessageKeys } from './rules-keys';

/** POST /api/instockmessages/addnewmessage: 1 and the id; a 400 or a 409 (duplicate pair) is shown by the form. */
export function addStockMessage(body: AddStockMessageBody): Promise<{ result: 1; id: number }> {
  return apiRequest('/api/instockmessages/addnewmessage', { method: 'POST', json: body, silent: [400, 409] });
}

export function useAddStockMessageMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addStockMessage,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: stockMessageKeys.lists() }),
  });
}
