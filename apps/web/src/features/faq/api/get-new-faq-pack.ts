import type { LanguageKey } from '@portal/contract/constants';
import { faqCalls } from '@portal/contract/faq';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/call';
import { faqKeys } from './faq-keys';

/** An unsaved pack (id 0) in a language. */
export function getNewFaqPack(lang: LanguageKey) {
  return call(faqCalls.newPack, { query: { lang } });
}

export const newFaqPackQueryOptions = (lang: LanguageKey) =>
  queryOptions({ queryKey: faqKeys.newPack(lang), queryFn: () => getNewFaqPack(lang), staleTime: Infinity });

export const useNewFaqPack = (lang: LanguageKey, enabled: boolean) =>
  useQuery({ ...newFaqPackQueryOptions(lang), enabled });
