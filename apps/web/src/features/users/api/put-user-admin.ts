import type { PutUserAdminRequest } from '@portal/contract/users';
import { userCalls } from '@portal/contract/users-calls';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/call';
import { invalidateUsers } from './users-keys';

/** Creates (all-zero id) or updates a user; a 400 is shown by the form. */
export function putUserAdmin(id: string, body: PutUserAdminRequest) {
  return call(userCalls.putAdmin, { params: { id }, body }, { silent: [400] });
}

export function usePutUserAdminMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: PutUserAdminRequest }) => putUserAdmin(id, body),
    onSuccess: () => invalidateUsers(queryClient),
  });
}
