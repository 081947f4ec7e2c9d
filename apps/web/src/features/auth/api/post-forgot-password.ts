import type { ForgotPasswordRequest } from '@portal/contract/access';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** POST /api/account/forgotpassword: always `{message: 'WARN_ForgotPasswordSent'}` (the name is not told). */
export function postForgotPassword(body: ForgotPasswordRequest): Promise<{ message: string }> {
  return apiRequest<{ message: string }>('/api/account/forgotpassword', {
    method: 'POST',
    json: body,
    auth: false,
    silent: [400, 429],
  });
}

export function useForgotPasswordMutation() {
  return useMutation({ mutationFn: postForgotPassword });
}
