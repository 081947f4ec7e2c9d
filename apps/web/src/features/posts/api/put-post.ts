import type { PutPostBody } from '@portal/contract/posts';
import { postCalls } from '@portal/contract/posts-calls';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/call';
import { invalidatePosts } from './post-keys';

/** Creates (id 0) or replaces a post; a 400 is shown by the form itself. */
export function putPost(id: number, body: PutPostBody) {
  return call(postCalls.put, { params: { id }, body }, { silent: true });
}

export function usePutPostMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: PutPostBody }) => putPost(id, body),
    onSuccess: () => invalidatePosts(queryClient),
  });
}
