import type { TokenResponse } from '@portal/contract/account';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { setAuth } from '@/lib/auth-storage';
import { userQueryOptions } from '@/lib/current-user';
import { clearUserData } from '@/lib/query-client';

export type Credentials = { username: string; password: string };

/** POST /token, grant_type=password. Its 400 and 429 are shown by the form (server error_description). */
export function postPasswordToken({ username, password }: Credentials): Promise<TokenResponse> {
  return apiRequest<TokenResponse>('/token', {
    method: 'POST',
    form: { grant_type: 'password', username: username.trim(), password },
    auth: false,
    silent: [400, 401, 429],
  });
}

/** Stores the authorization data of a new session and loads its user (before the caller navigates). */
export function useStartSession() {
  const queryClient = useQueryClient();
  return async (token: TokenResponse) => {
    clearUserData();
    setAuth({
      token: token.access_token,
      userName: token.userName,
      refreshToken: token.refresh_token,
      useRefreshTokens: true,
    });
    await queryClient.fetchQuery(userQueryOptions()).catch(() => undefined);
    return token;
  };
}

/** Signs in with a password. */
export function useSignInMutation() {
  const start = useStartSession();
  return useMutation({
    mutationFn: async (credentials: Credentials) => start(await postPasswordToken(credentials)),
  });
}
