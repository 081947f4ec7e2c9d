import { NOTIFICATION_LIMITS, notificationCalls } from '@portal/contract/notifications';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { call, callKey } from '@/lib/call';

/** The bell's panel: the caller's notifications, newest first, a page at a time ("show more" asks the older ones). */
export const notificationsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: callKey(notificationCalls.list, { query: { limit: NOTIFICATION_LIMITS.pageSize } }),
    queryFn: ({ pageParam }) =>
      call(notificationCalls.list, {
        query: { limit: NOTIFICATION_LIMITS.pageSize, ...(pageParam ? { before: pageParam } : {}) },
      }),
    initialPageParam: 0,
    getNextPageParam: (last) => (last.more ? last.rows.at(-1)?.id : undefined),
  });

/** Asked when the panel opens (and kept fresh while it is open). */
export const useNotifications = (enabled: boolean) => useInfiniteQuery({ ...notificationsQueryOptions(), enabled });
