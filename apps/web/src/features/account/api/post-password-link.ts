import { accountCalls } from '@portal/contract/account-calls';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { call, callKey } from '@/lib/call';

/** POST checkpasswordlink: the link's purpose and user; a used or expired link is a 400. */
export const passwordLinkOptions = (token: string) => {
  const body = { token };
  return queryOptions({
    queryKey: callKey(accountCalls.checkPasswordLink, { body }),
    queryFn: () => call(accountCalls.checkPasswordLink, { body }, { silent: true }),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
};

export function usePasswordLink(token: string) {
  return useQuery(passwordLinkOptions(token));
}

/** POST setpassword: sets the password once; every other session of the user ends. */
export function postSetPassword(body: z.input<typeof accountCalls.setPassword.body>) {
  return call(accountCalls.setPassword, { body }, { silent: [400, 429] });
}

export function useSetPasswordMutation() {
  return useMutation({ mutationFn: postSetPassword });
}
