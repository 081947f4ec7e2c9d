import { dashboardCalls } from '@portal/contract/common';
import type { LanguageKey } from '@portal/contract/constants';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/call';
import { dashboardKeys } from './dashboard-keys';

/** The welcome text as HTML (sanitised again before rendering). */
export function getWelcomeDashboard(lang: LanguageKey) {
  return call(dashboardCalls.welcome, { query: { lang } });
}

export const welcomeDashboardQueryOptions = (lang: LanguageKey) =>
  queryOptions({ queryKey: dashboardKeys.welcome(lang), queryFn: () => getWelcomeDashboard(lang) });

export function useWelcomeDashboard(lang: LanguageKey) {
  return useQuery(welcomeDashboardQueryOptions(lang));
}
