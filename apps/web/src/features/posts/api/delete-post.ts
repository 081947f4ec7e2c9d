import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { postKeys } from './post-keys';

/** DELETE /api/inpost/deletepost/{id} (after the screen's confirmation). */
export function deletePost(id: number): Promise<{ message: string; id_post: number }> {
  return apiRequest(`/api/inpost/deletepost/${id}`, { method: 'DELETE' });
}

export function useDeletePostMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePost,
    onSuccess: (_data, id) => {
      queryClient.removeQueries({ queryKey: [...postKeys.details(), id] });
      return queryClient.invalidateQueries({ queryKey: postKeys.all });
    },
  });
}
