import { mailCalls } from '@portal/contract/mail';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call, invalidateCalls } from '@/lib/call';

/** A dead mail is sent again (admins); the outbox is then stale. */
export const resendMail = (id: number) => call(mailCalls.resend, { params: { id } });

export function useResendMail() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: resendMail,
    onSuccess: () => invalidateCalls(client, mailCalls.outboxGrid),
  });
}
