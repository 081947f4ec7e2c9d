import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** POST /api/inuser/forcelogout/{id}: ends every session of the user. */
export function forceLogout(id: string): Promise<{ message: string }> {
  return apiRequest(`/api/inuser/forcelogout/${encodeURIComponent(id)}`, { method: 'POST' });
}

export function useForceLogoutMutation() {
  return useMutation({ mutationFn: forceLogout });
}
