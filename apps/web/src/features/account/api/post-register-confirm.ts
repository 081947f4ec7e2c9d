import { accountCalls } from '@portal/contract/account-calls';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { call } from '@/lib/call';

/** POST registerconfirm `{t, u}`. A failure is silent (spec part 1 §2). */
export function postRegisterConfirm(body: z.input<typeof accountCalls.registerConfirm.body>) {
  return call(accountCalls.registerConfirm, { body }, { silent: true });
}

export function useRegisterConfirmMutation() {
  return useMutation({ mutationFn: postRegisterConfirm });
}
