import type { LanguageKey } from '@portal/contract/constants';
import { postCalls } from '@portal/contract/posts-calls';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/call';
import { dashboardKeys } from './dashboard-keys';

/** The latest news, the upcoming events and the dashboard zone's menus, in one call. */
export function getDashboardContent(lang: LanguageKey) {
  return call(postCalls.dashboard, { query: { lang } });
}

export const dashboardContentQueryOptions = (lang: LanguageKey) =>
  queryOptions({ queryKey: dashboardKeys.content(lang), queryFn: () => getDashboardContent(lang), staleTime: 60_000 });

export function useDashboardContent(lang: LanguageKey) {
  return useQuery(dashboardContentQueryOptions(lang));
}
