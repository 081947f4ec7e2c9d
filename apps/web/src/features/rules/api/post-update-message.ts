import type { UpdateStockMessageBody } from '@portal/contract/rules';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { stockMessageKeys } from './rules-keys';

/** POST /api/instockmessages/updatemessage: 1; a 400 or a 409 (the pair has another message) is shown by the form. */
export function updateStockMessage(body: UpdateStockMessageBody): Promise<{ result: 1 }> {
  return apiRequest('/api/instockmessages/updatemessage', { method: 'POST', json: body, silent: [400, 409] });
}

export function useUpdateStockMessageMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateStockMessage,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: stockMessageKeys.all }),
  });
}
