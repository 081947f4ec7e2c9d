import { accountCalls } from '@portal/contract/account-calls';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { call } from '@/lib/call';

/** POST register. 200 `{message: 'WARN_RegisterPendingConfirmation'}`; a 400 is shown on the form. */
export function postRegister(body: z.input<typeof accountCalls.register.body>) {
  return call(accountCalls.register, { body }, { silent: [400, 409, 429] });
}

export function useRegisterMutation() {
  return useMutation({ mutationFn: postRegister });
}
