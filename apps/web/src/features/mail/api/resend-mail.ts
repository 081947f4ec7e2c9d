import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { mailKeys } from './mail-keys';

/** POST /api/insettings/ResendMail/{id} (admins): a dead mail is sent again. */
export const resendMail = (id: number) =>
  apiRequest<{ message: string }>(`/api/insettings/ResendMail/${id}`, { method: 'POST' });

export function useResendMail() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: resendMail,
    onSuccess: () => client.invalidateQueries({ queryKey: mailKeys.all }),
  });
}
