import type { PutUserRequest } from '@portal/contract/people';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { currentUserKey } from '@/lib/current-user';
import { peopleKeys } from './people-keys';

/** POST /api/inuser/putuser/profile: the caller's picture, default address, language and password. */
export function putUser(body: PutUserRequest): Promise<{ message: string }> {
  return apiRequest('/api/inuser/putuser/profile', { method: 'POST', json: body, silent: [400] });
}

export function usePutUserMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: putUser,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: peopleKeys.me() });
      await queryClient.invalidateQueries({ queryKey: currentUserKey });
    },
  });
}
