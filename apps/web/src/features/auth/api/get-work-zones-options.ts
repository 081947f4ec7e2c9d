import type { WorkZoneOption } from '@portal/contract/account';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { accountKeys } from './account-keys';

/** GET /api/inclient/getWorkZonesOptions (anonymous): the work zones offered on registration. */
export function getWorkZonesOptions(): Promise<WorkZoneOption[]> {
  return apiRequest<WorkZoneOption[]>('/api/inclient/getWorkZonesOptions', { auth: false });
}

export const workZonesQueryOptions = () =>
  queryOptions({ queryKey: accountKeys.workZones(), queryFn: getWorkZonesOptions, staleTime: 10 * 60_000 });

export function useWorkZonesOptions() {
  return useQuery(workZonesQueryOptions());
}
