import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { imageKeys } from './image-keys';

/** DELETE /api/inimage/deleteimg/{id}. */
export function deleteImage(id: number): Promise<{ id: number; message: string }> {
  return apiRequest(`/api/inimage/deleteimg/${id}`, { method: 'DELETE' });
}

export function useDeleteImageMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteImage,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: imageKeys.all }),
  });
}
