import { notificationCalls } from '@portal/contract/notifications';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, callKey, invalidateCalls } from '@/lib/call';

/** The caller's pending "back in stock" alerts of one article: which stores the availability dialog shows as asked. */
export const articleAlertsQueryOptions = (articleId: number) => {
  const query = { article: articleId, pending: '1' as const };
  return queryOptions({
    queryKey: callKey(notificationCalls.stockAlerts, { query }),
    queryFn: () => call(notificationCalls.stockAlerts, { query }),
  });
};

export const useArticleAlerts = (articleId: number, enabled: boolean) =>
  useQuery({ ...articleAlertsQueryOptions(articleId), enabled });

/** Asks for an alert where a store has no stock of the article; every list of alerts is then stale. */
export function useAskStockAlert() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { articleId: number; storeId: string }) => call(notificationCalls.askStockAlert, { body }),
    onSuccess: () => invalidateCalls(client, notificationCalls.stockAlerts),
  });
}

/** Cancels one of the caller's pending alerts. */
export function useCancelArticleAlert() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(notificationCalls.cancelStockAlert, { params: { id } }),
    onSuccess: () => invalidateCalls(client, notificationCalls.stockAlerts),
  });
}
