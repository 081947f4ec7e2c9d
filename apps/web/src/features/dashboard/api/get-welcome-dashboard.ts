import type { LanguageKey } from '@portal/contract/constants';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { dashboardKeys } from './dashboard-keys';

/** GET /api/inclient/GetWellcomeDashboard?lang=: the welcome text as HTML (sanitised again before rendering). */
export function getWelcomeDashboard(lang: LanguageKey): Promise<{ html: string }> {
  return apiRequest<{ html: string }>('/api/inclient/GetWellcomeDashboard', { query: { lang } });
}

export const welcomeDashboardQueryOptions = (lang: LanguageKey) =>
  queryOptions({ queryKey: dashboardKeys.welcome(lang), queryFn: () => getWelcomeDashboard(lang) });

export function useWelcomeDashboard(lang: LanguageKey) {
  return useQuery(welcomeDashboardQueryOptions(lang));
}
