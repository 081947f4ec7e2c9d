import { quickOrderCalls, type ReorderKind } from '@portal/contract/quick-order';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call, callKey } from '@/lib/call';

/** GET /api/quickorder/reorder/:kind/:id: a document's lines checked again (404: not the caller's, shown inline). */
export const reorderQueryOptions = (kind: ReorderKind, id: string) => {
  const input = { params: { kind, id } };
  return queryOptions({
    queryKey: callKey(quickOrderCalls.reorder, input),
    queryFn: () => call(quickOrderCalls.reorder, input, { silent: [404] }),
    staleTime: 0,
    retry: false,
  });
};

export function useReorder(document: { kind: ReorderKind; id: string } | null) {
  return useQuery({
    ...reorderQueryOptions(document?.kind ?? 'order', document?.id ?? ''),
    enabled: document !== null,
  });
}
