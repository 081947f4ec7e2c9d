import type { passwordGrant, TokenResponse } from '@portal/contract/account';
import { accountCalls } from '@portal/contract/account-calls';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { setAuth } from '@/lib/auth-storage';
import { call } from '@/lib/call';
import { userQueryOptions } from '@/lib/current-user';
import { changeLanguage } from '@/lib/language';
import { clearUserData } from '@/lib/query-client';

/** What the sign-in form asks: the password grant's user name and password. */
export type Credentials = Pick<z.input<typeof passwordGrant>, 'username' | 'password'>;

/** POST /token, grant_type=password. Its 400 and 429 are shown by the form (server error_description). */
export async function postPasswordToken({ username, password }: Credentials): Promise<TokenResponse> {
  const token = await call(
    accountCalls.token,
    { body: { grant_type: 'password', username: username.trim(), password } },
    { silent: [400, 401, 429] },
  );
  // The password grant answers a person's tokens; a machine client's (client_credentials) has no refresh token.
  if (!('refresh_token' in token)) throw new Error('POST /token: the password grant answered no refresh token');
  return token;
}

/**
 * Stores the authorization data of a new session and loads its user (before the caller navigates); the screen then
 * speaks the language of the user's profile when the user chose one, kept as this browser's choice (the header's
 * select changes it after). A user who never chose keeps the screen's language: the one picked here, or the site's.
 */
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
    const user = await queryClient.fetchQuery(userQueryOptions()).catch(() => undefined);
    // Only a language the user chose: otherwise the screen keeps its own (the one picked here, or the site's).
    if (user?.language) await changeLanguage(user.language).catch(() => undefined);
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
