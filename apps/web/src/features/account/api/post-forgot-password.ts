import { accountCalls } from '@portal/contract/account-calls';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { call } from '@/lib/call';

/** POST forgotpassword: always `{message: 'WARN_ForgotPasswordSent'}` (the name is not told). */
export function postForgotPassword(body: z.input<typeof accountCalls.forgotPassword.body>) {
  return call(accountCalls.forgotPassword, { body }, { silent: [400, 429] });
}

export function useForgotPasswordMutation() {
  return useMutation({ mutationFn: postForgotPassword });
}
