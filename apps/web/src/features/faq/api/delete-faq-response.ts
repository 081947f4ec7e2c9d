import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { faqKeys } from './faq-keys';

/** DELETE /api/infaq/deletefaqpackresponse/{id}?faqpack_id=, after WARN_DeleteResponse. */
export function deleteFaqResponse(id: number, packId: number): Promise<{ message: string; id: number }> {
  return apiRequest(`/api/infaq/deletefaqpackresponse/${id}`, { method: 'DELETE', query: { faqpack_id: packId } });
}

export function useDeleteFaqResponseMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, packId }: { id: number; packId: number }) => deleteFaqResponse(id, packId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: faqKeys.all }),
  });
}
