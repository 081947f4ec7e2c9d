import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { faqKeys } from './faq-keys';

/** DELETE /api/infaq/deletefaqpack/{id}, after WARN_DeleteFAQPack. */
export function deleteFaqPack(id: number): Promise<{ message: string; id: number }> {
  return apiRequest(`/api/infaq/deletefaqpack/${id}`, { method: 'DELETE' });
}

export function useDeleteFaqPackMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteFaqPack,
    onSuccess: (_r, id) => {
      queryClient.removeQueries({ queryKey: faqKeys.detail(id) });
      return queryClient.invalidateQueries({ queryKey: faqKeys.all });
    },
  });
}
