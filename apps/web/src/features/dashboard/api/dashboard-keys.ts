import { dashboardCalls } from '@portal/contract/common';
import type { LanguageKey } from '@portal/contract/constants';
import { postCalls } from '@portal/contract/posts-calls';
import { callKey } from '@/lib/call';

/** Query keys of the dashboard, each the key of the call it caches (`callKey`; the welcome text exists per language). */
export const dashboardKeys = {
  welcome: (lang: LanguageKey) => callKey(dashboardCalls.welcome, { query: { lang } }),
  /** News, events and menus. */
  content: (lang: LanguageKey) => callKey(postCalls.dashboard, { query: { lang } }),
  /** Orders, web orders, returns, spending; staff's waiting lists. */
  summary: () => callKey(dashboardCalls.summary, {}),
};
