import type { LanguageKey } from '@portal/contract/constants';

/** Query keys of the dashboard (the welcome text exists per language). */
export const dashboardKeys = {
  all: ['dashboard'] as const,
  welcome: (lang: LanguageKey) => [...dashboardKeys.all, 'welcome', lang] as const,
  /** News, events and menus (GET /api/inpost/dashboard); the posts' own keys are the posts feature's. */
  content: (lang: LanguageKey) => [...dashboardKeys.all, 'content', lang] as const,
};
