import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { refundKeys } from './refund-keys';

/**
 * The calls that move a refund along: the customer's cancel; staff's receive, decideline, addnote and requeueerp.
 * Each refreshes the refund's page and the list.
 */
type Action =
  | { call: 'cancel' | 'receive' | 'requeueerp'; id: number }
  | { call: 'decideline'; id: number; decision: 'accepted' | 'rejected'; reason?: string }
  | { call: 'addnote'; id: number; body: string };

export function refundAction({ call, ...body }: Action): Promise<unknown> {
  return apiRequest(`/api/inrefund/${call}`, { method: 'POST', json: body, silent: [400] });
}

export function useRefundActionMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: refundAction,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: refundKeys.details() });
      void queryClient.invalidateQueries({ queryKey: refundKeys.lists() });
      void queryClient.invalidateQueries({ queryKey: refundKeys.returnable() });
    },
  });
}
