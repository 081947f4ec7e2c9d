import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { refundKeys } from './refund-keys';

/** POST /api/inrefund/DeleteFile. */
export function deleteFile(id: number) {
  return apiRequest<{ message: string }>('/api/inrefund/DeleteFile', { method: 'POST', json: { id } });
}

export function useDeleteFileMutation(lineId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteFile,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: refundKeys.files(lineId) });
      void queryClient.invalidateQueries({ queryKey: refundKeys.cart() });
    },
  });
}
