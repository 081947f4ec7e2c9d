import type { PutUserRequest } from '@portal/contract/users';
import { userCalls } from '@portal/contract/users-calls';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call, callKey } from '@/lib/call';
import { currentUserKey } from '@/lib/current-user';

/** The caller's picture, default address, language and password (`profile`); a 400 is shown by the form. */
export function putUser(body: PutUserRequest) {
  return call(userCalls.putOwn, { params: { id: 'profile' }, body }, { silent: [400] });
}

export function usePutUserMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: putUser,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: callKey(userCalls.me) });
      await queryClient.invalidateQueries({ queryKey: currentUserKey });
    },
  });
}
