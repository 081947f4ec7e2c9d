import { notificationCalls } from '@portal/contract/notifications';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call, callKey } from '@/lib/call';

/** The caller's stock alerts, newest first: the pending ones, or all of them. */
export const stockAlertsQueryOptions = (pendingOnly: boolean) => {
  const query = pendingOnly ? { pending: '1' as const } : {};
  return queryOptions({
    queryKey: callKey(notificationCalls.stockAlerts, { query }),
    queryFn: () => call(notificationCalls.stockAlerts, { query }),
  });
};

export const useStockAlerts = (pendingOnly: boolean) => useQuery(stockAlertsQueryOptions(pendingOnly));
