import type { LanguageKey } from '@portal/contract/constants';

/** Query keys of the map: a save or delete invalidates `all` (the markers and the edited point). */
export const mapKeys = {
  all: ['maps'] as const,
  config: () => [...mapKeys.all, 'config'] as const,
  lists: () => [...mapKeys.all, 'list'] as const,
  list: (lang: LanguageKey, all: boolean) => [...mapKeys.lists(), lang, all] as const,
  details: () => [...mapKeys.all, 'detail'] as const,
  detail: (id: number) => [...mapKeys.details(), id] as const,
  newPoint: (lang: LanguageKey) => [...mapKeys.all, 'new', lang] as const,
};
