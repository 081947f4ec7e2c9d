import { getFeedBatches } from '@portal/contract/integration-feeds';
import { syncCalls as c } from '@portal/contract/sync';
import type { QueryClient } from '@tanstack/react-query';
import { callKey, invalidateCalls } from '@/lib/call';

/** Query keys of the sync screen, each the key of the call it caches (`callKey`). */
export const syncKeys = {
  list: () => callKey(c.list),
  runs: (page: number) => callKey(c.runs, { query: runsQuery(page) }),
  messages: (id: number) => callKey(c.runMessages, { params: { id } }),
  errors: () => callKey(c.errors),
  feeds: () => callKey(getFeedBatches),
};

/** A page of the log of runs, ten a page. */
export const runsQuery = (page: number) => ({ page, rows: 10 });

/** A run, syncall, deleteTable or retry refreshes the whole screen (procedures, log, messages, errors, feeds). */
export const invalidateSync = (queryClient: QueryClient) =>
  invalidateCalls(queryClient, c.list, c.runs, c.runMessages, c.errors, getFeedBatches);
