import { dashboardCalls } from '@portal/contract/common';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/call';
import { dashboardKeys } from './dashboard-keys';

/** The dashboard's blocks of the caller's documents (and, for staff, what waits for them). */
export function getDashboardSummary() {
  return call(dashboardCalls.summary, {});
}

export const dashboardSummaryQueryOptions = () =>
  queryOptions({ queryKey: dashboardKeys.summary(), queryFn: getDashboardSummary });

export function useDashboardSummary(enabled: boolean) {
  return useQuery({ ...dashboardSummaryQueryOptions(), enabled });
}
