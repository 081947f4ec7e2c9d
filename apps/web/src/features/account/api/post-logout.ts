import { accountCalls } from '@portal/contract/account-calls';
import { useMutation } from '@tanstack/react-query';
import { endSession } from '@/lib/api-client';
import { getAuth } from '@/lib/auth-storage';
import { call } from '@/lib/call';

/** POST logout: revokes the refresh token. */
export function postLogout(refreshToken: string) {
  return call(accountCalls.logout, { body: { refresh_token: refreshToken } }, { silent: true });
}

/** Logout: revokes the session on the server (best effort), clears local data and goes to /login. */
export function useLogoutMutation() {
  return useMutation({
    mutationFn: async () => {
      const auth = getAuth();
      if (auth) await postLogout(auth.refreshToken).catch(() => undefined);
    },
    onSettled: () => {
      endSession();
    },
  });
}
