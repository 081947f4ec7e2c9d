import { notificationCalls } from '@portal/contract/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call, invalidateCalls } from '@/lib/call';

/** Cancels one of the caller's pending alerts; every list of alerts is then stale. */
export function useCancelStockAlert() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(notificationCalls.cancelStockAlert, { params: { id } }),
    onSuccess: () => invalidateCalls(client, notificationCalls.stockAlerts),
  });
}
