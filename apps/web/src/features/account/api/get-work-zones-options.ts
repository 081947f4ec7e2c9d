import { accountCalls } from '@portal/contract/account-calls';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call, callKey } from '@/lib/call';

/** The work zones offered on registration (anonymous). */
export const workZonesQueryOptions = () =>
  queryOptions({
    queryKey: callKey(accountCalls.workZones),
    queryFn: () => call(accountCalls.workZones, {}),
    staleTime: 10 * 60_000,
  });

export function useWorkZonesOptions() {
  return useQuery(workZonesQueryOptions());
}
