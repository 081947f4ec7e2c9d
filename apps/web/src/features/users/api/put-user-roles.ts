import type { PutRolesRequest } from '@portal/contract/users';
import { userCalls } from '@portal/contract/users-calls';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call, callKey } from '@/lib/call';

/** Sets the named roles of a user. */
export function putUserRoles(id: string, body: PutRolesRequest) {
  return call(userCalls.putRoles, { params: { id }, body });
}

export function usePutUserRolesMutation(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PutRolesRequest) => putUserRoles(id, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: callKey(userCalls.roles, { params: { id } }) }),
  });
}
