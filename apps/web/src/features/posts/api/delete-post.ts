import { postCalls } from '@portal/contract/posts-calls';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call, callKey } from '@/lib/call';
import { invalidatePosts } from './post-keys';

/** Deletes a post (after the screen's confirmation). */
export function deletePost(id: number) {
  return call(postCalls.remove, { params: { id } });
}

export function useDeletePostMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePost,
    onSuccess: (_data, id) => {
      queryClient.removeQueries({ queryKey: callKey(postCalls.post, { params: { id } }) });
      return invalidatePosts(queryClient);
    },
  });
}
