import { useMutation } from '@tanstack/react-query';
import { apiRequest, endSession } from '@/lib/api-client';
import { getAuth } from '@/lib/auth-storage';

/** POST /api/account/logout: revokes the refresh token. */
export function postLogout(refreshToken: string | undefined): Promise<unknown> {
  return apiRequest('/api/account/logout', { method: 'POST', json: { refresh_token: refreshToken }, silent: true });
}

/** Logout: revokes the session on the server (best effort), clears local data and goes to /login. */
export function useLogoutMutation() {
  return useMutation({
    mutationFn: async () => {
      const auth = getAuth();
      if (auth) await postLogout(auth.refreshToken || undefined).catch(() => undefined);
    },
    onSettled: () => {
      endSession();
    },
  });
}
