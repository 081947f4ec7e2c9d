import { webOrderCalls } from '@portal/contract/sales-calls';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/call';
import { invalidateWebOrderLists } from './salesweb-keys';

/** Queue again the web orders not imported (admins). */
export function postReloadNonProcessed() {
  return call(webOrderCalls.reload, {});
}

/** The reload; the web order lists refresh afterwards (their import state changes). */
export function useReloadNonProcessed() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: postReloadNonProcessed,
    onSuccess: () => invalidateWebOrderLists(client),
  });
}
