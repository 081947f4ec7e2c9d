import type { PasswordLinkInfo, SetPasswordRequest } from '@portal/contract/access';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { accountKeys } from './account-keys';

/** POST /api/account/checkpasswordlink: the link's purpose and user; a used or expired link is a 400. */
export function postCheckPasswordLink(token: string): Promise<PasswordLinkInfo> {
  return apiRequest<PasswordLinkInfo>('/api/account/checkpasswordlink', {
    method: 'POST',
    json: { token },
    auth: false,
    silent: true,
  });
}

export const passwordLinkOptions = (token: string) =>
  queryOptions({
    queryKey: [...accountKeys.all, 'password-link', token] as const,
    queryFn: () => postCheckPasswordLink(token),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });

export function usePasswordLink(token: string) {
  return useQuery(passwordLinkOptions(token));
}

/** POST /api/account/setpassword: sets the password once; every other session of the user ends. */
export function postSetPassword(body: SetPasswordRequest): Promise<{ message: string; userName: string }> {
  return apiRequest<{ message: string; userName: string }>('/api/account/setpassword', {
    method: 'POST',
    json: body,
    auth: false,
    silent: [400, 429],
  });
}

export function useSetPasswordMutation() {
  return useMutation({ mutationFn: postSetPassword });
}
