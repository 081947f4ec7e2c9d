import { notificationCalls } from '@portal/contract/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call, callKey, invalidateCalls } from '@/lib/call';

/** Every notification read: the badge goes to zero, the panel is asked again. */
export function useMarkAllRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => call(notificationCalls.markAllRead, {}),
    onSuccess: (answer) => {
      client.setQueryData(callKey(notificationCalls.unread), answer);
      invalidateCalls(client, notificationCalls.list);
    },
  });
}
