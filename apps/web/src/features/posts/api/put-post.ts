import type { PutPostBody } from '@portal/contract/posts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { postKeys } from './post-keys';

type Saved = { message: string; id_post: number };

/** POST /api/inpost/putpost/{id}: creates (id 0) or replaces a post; a 400 is shown by the form itself. */
export function putPost(id: number, body: PutPostBody): Promise<Saved> {
  return apiRequest<Saved>(`/api/inpost/putpost/${id}`, { method: 'POST', json: body, silent: true });
}

export function usePutPostMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: PutPostBody }) => putPost(id, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: postKeys.all }),
  });
}
