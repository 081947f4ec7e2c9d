import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { refundKeys } from './refund-keys';

/** DELETE /api/inrefund/deletefromcurrentcart/{id}: a line and its files out of the cart. */
export function deleteCartLine(id: number): Promise<{ message: string }> {
  return apiRequest(`/api/inrefund/deletefromcurrentcart/${id}`, { method: 'DELETE' });
}

export function useDeleteCartLineMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCartLine,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: refundKeys.cart() });
      void queryClient.invalidateQueries({ queryKey: refundKeys.returnable() });
    },
  });
}
