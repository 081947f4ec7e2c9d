import type { LanguageKey } from '@portal/contract/constants';
import { postCalls } from '@portal/contract/posts-calls';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/call';
import { postKeys } from './post-keys';

/** The help desk page and the contact of the caller's home store. */
export function getHelp(lang: LanguageKey) {
  return call(postCalls.help, { query: { lang } });
}

export const helpQueryOptions = (lang: LanguageKey) =>
  queryOptions({ queryKey: postKeys.help(lang), queryFn: () => getHelp(lang) });

export function useHelp(lang: LanguageKey) {
  return useQuery(helpQueryOptions(lang));
}
