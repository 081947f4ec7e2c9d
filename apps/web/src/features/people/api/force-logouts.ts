import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** POST /api/inclient/forcelogouts/{id}: type 0 every session of the client's users, 1 their invoice links. */
export function forceLogouts(id: string, type: 0 | 1): Promise<{ message: string; affected: number }> {
  return apiRequest(`/api/inclient/forcelogouts/${encodeURIComponent(id)}`, { method: 'POST', json: { type } });
}

export function useForceLogoutsMutation() {
  return useMutation({ mutationFn: ({ id, type }: { id: string; type: 0 | 1 }) => forceLogouts(id, type) });
}
