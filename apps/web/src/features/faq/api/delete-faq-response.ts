import { faqCalls } from '@portal/contract/faq';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/call';
import { invalidateFaq } from './faq-keys';

/** One response of a pack, after WARN_DeleteResponse. */
export function deleteFaqResponse(id: number, packId: number) {
  return call(faqCalls.removeResponse, { params: { id }, query: { faqpack_id: packId } });
}

export function useDeleteFaqResponseMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, packId }: { id: number; packId: number }) => deleteFaqResponse(id, packId),
    onSuccess: () => invalidateFaq(queryClient),
  });
}
