import type { FaqPack } from '@portal/contract/faq';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { faqKeys } from './faq-keys';

/** GET /api/infaq/getfaq?cod_idioma=: every active pack of a language with its questions and answers. */
export function getFaq(lang: string): Promise<FaqPack[]> {
  return apiRequest<FaqPack[]>('/api/infaq/getfaq', { query: { cod_idioma: lang } });
}

export const faqQueryOptions = (lang: string) =>
  queryOptions({ queryKey: faqKeys.ofLanguage(lang), queryFn: () => getFaq(lang), staleTime: 60_000 });

export const useFaq = (lang: string) => useQuery(faqQueryOptions(lang));
