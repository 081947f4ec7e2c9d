import type { LanguageKey } from '@portal/contract/constants';
import type { HelpResponse } from '@portal/contract/posts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { postKeys } from './post-keys';

/** GET /api/inpost/gethelp?lang=: the help desk page and the contact of the caller's home store. */
export function getHelp(lang: LanguageKey): Promise<HelpResponse> {
  return apiRequest<HelpResponse>('/api/inpost/gethelp', { query: { lang } });
}

export const helpQueryOptions = (lang: LanguageKey) =>
  queryOptions({ queryKey: postKeys.help(lang), queryFn: () => getHelp(lang) });

export function useHelp(lang: LanguageKey) {
  return useQuery(helpQueryOptions(lang));
}
