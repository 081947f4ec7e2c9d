import { faqCalls } from '@portal/contract/faq';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/call';
import { faqKeys, invalidateFaq } from './faq-keys';

/** A pack and its responses, after WARN_DeleteFAQPack. */
export function deleteFaqPack(id: number) {
  return call(faqCalls.remove, { params: { id } });
}

export function useDeleteFaqPackMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteFaqPack,
    onSuccess: (_r, id) => {
      queryClient.removeQueries({ queryKey: faqKeys.detail(id) });
      invalidateFaq(queryClient);
    },
  });
}
