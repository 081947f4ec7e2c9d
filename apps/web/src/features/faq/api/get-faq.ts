import type { LanguageKey } from '@portal/contract/constants';
import { faqCalls } from '@portal/contract/faq';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/call';
import { faqKeys } from './faq-keys';

/** Every active pack of a language with its questions and answers. */
export function getFaq(lang: LanguageKey) {
  return call(faqCalls.ofLanguage, { query: { cod_idioma: lang } });
}

export const faqQueryOptions = (lang: LanguageKey) =>
  queryOptions({ queryKey: faqKeys.ofLanguage(lang), queryFn: () => getFaq(lang), staleTime: 60_000 });

export const useFaq = (lang: LanguageKey) => useQuery(faqQueryOptions(lang));
