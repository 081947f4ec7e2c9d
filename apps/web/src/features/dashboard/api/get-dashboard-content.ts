import type { LanguageKey } from '@portal/contract/constants';
import type { DashboardResponse } from '@portal/contract/posts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { dashboardKeys } from './dashboard-keys';

/** GET /api/inpost/dashboard?lang=: the latest news, the upcoming events and the dashboard zone's menus, in one call. */
export function getDashboardContent(lang: LanguageKey): Promise<DashboardResponse> {
  return apiRequest<DashboardResponse>('/api/inpost/dashboard', { query: { lang } });
}

export const dashboardContentQueryOptions = (lang: LanguageKey) =>
  queryOptions({ queryKey: dashboardKeys.content(lang), queryFn: () => getDashboardContent(lang), staleTime: 60_000 });

export function useDashboardContent(lang: LanguageKey) {
  return useQuery(dashboardContentQueryOptions(lang));
}
