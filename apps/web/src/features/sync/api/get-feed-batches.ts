import { getFeedBatches } from '@portal/contract/integration-feeds';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/call';
import { syncKeys } from './sync-keys';

/** The last batch of each ERP feed and client (declared in the contract). */
export const feedBatchesOptions = () =>
  queryOptions({ queryKey: syncKeys.feeds(), queryFn: () => call(getFeedBatches, {}) });

export function useFeedBatches() {
  return useQuery(feedBatchesOptions());
}
