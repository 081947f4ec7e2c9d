import type { RegisterRequest } from '@portal/contract/account';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** POST /api/account/register. 200 `{message: 'WARN_RegisterPendingConfirmation'}`; a 400 is shown on the form. */
export function postRegister(body: RegisterRequest): Promise<{ message: string }> {
  return apiRequest<{ message: string }>('/api/account/register', {
    method: 'POST',
    json: body,
    auth: false,
    silent: [400, 409, 429],
  });
}

export function useRegisterMutation() {
  return useMutation({ mutationFn: postRegister });
}
