import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** POST /api/account/registerconfirm `{t, u}`. A failure is silent (spec part 1 §2). */
export function postRegisterConfirm(body: { t: string; u: string }): Promise<{ message: string }> {
  return apiRequest<{ message: string }>('/api/account/registerconfirm', {
    method: 'POST',
    json: body,
    auth: false,
    silent: true,
  });
}

export function useRegisterConfirmMutation() {
  return useMutation({ mutationFn: postRegisterConfirm });
}
