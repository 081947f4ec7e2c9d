import { userCalls } from '@portal/contract/users-calls';
import { useMutation } from '@tanstack/react-query';
import { call } from '@/lib/call';

/** Ban or lift the ban; answers the new state. Failures are silent (reverted). */
export function blockUser(id: string, blocked: boolean) {
  return call(userCalls.block, { params: { id }, body: { blocked } }, { silent: true });
}

export function useBlockUserMutation() {
  return useMutation({ mutationFn: ({ id, blocked }: { id: string; blocked: boolean }) => blockUser(id, blocked) });
}
