import { userCalls } from '@portal/contract/users-calls';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/call';
import { invalidateUsers } from './users-keys';

/** Deletes a user without history. */
export function deleteUser(id: string) {
  return call(userCalls.remove, { params: { id } });
}

export function useDeleteUserMutation() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteUser, onSuccess: () => invalidateUsers(queryClient) });
}
