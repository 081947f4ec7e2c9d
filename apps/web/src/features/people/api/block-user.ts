import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** POST /api/inuser/blockuser/{id}: ban or lift the ban; answers the new state. Failures are silent (reverted). */
export function blockUser(id: string, blocked: boolean): Promise<{ result: boolean }> {
  return apiRequest(`/api/inuser/blockuser/${encodeURIComponent(id)}`, {
    method: 'POST',
    json: { blocked },
    silent: true,
  });
}

export function useBlockUserMutation() {
  return useMutation({ mutationFn: ({ id, blocked }: { id: string; blocked: boolean }) => blockUser(id, blocked) });
}
