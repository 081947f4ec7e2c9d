import { notificationCalls } from '@portal/contract/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call, callKey, invalidateCalls } from '@/lib/call';

/** One notification read: the badge takes the count the answer gives, the panel is asked again. */
export function useMarkRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(notificationCalls.markRead, { params: { id } }),
    onSuccess: (answer) => {
      client.setQueryData(callKey(notificationCalls.unread), answer);
      invalidateCalls(client, notificationCalls.list);
    },
  });
}
