import { NOTIFICATION_LIMITS, notificationCalls } from '@portal/contract/notifications';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call, callKey } from '@/lib/call';

/** The bell's badge: the caller's unread notifications, asked again every minute while the page is visible. */
export const unreadQueryOptions = () =>
  queryOptions({
    queryKey: callKey(notificationCalls.unread),
    queryFn: () => call(notificationCalls.unread, {}, { silent: true }),
    staleTime: 30_000,
    refetchInterval: NOTIFICATION_LIMITS.pollMs,
  });

export const useUnread = () => useQuery(unreadQueryOptions());
