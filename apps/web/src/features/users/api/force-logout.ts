import { userCalls } from '@portal/contract/users-calls';
import { useMutation } from '@tanstack/react-query';
import { call } from '@/lib/call';

/** Ends every session of the user. */
export function forceLogout(id: string) {
  return call(userCalls.forceLogout, { params: { id } });
}

export function useForceLogoutMutation() {
  return useMutation({ mutationFn: forceLogout });
}
