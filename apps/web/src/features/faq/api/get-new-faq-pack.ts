import type { FaqPack } from '@portal/contract/faq';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { faqKeys } from './faq-keys';

/** GET /api/infaq/getnewfaqpack?lang=: an unsaved pack (id 0) in a language. */
export function getNewFaqPack(lang: string): Promise<FaqPack> {
  return apiRequest<FaqPack>('/api/infaq/getnewfaqpack', { query: { lang } });
}

export const newFaqPackQueryOptions = (lang: string) =>
  queryOptions({ queryKey: faqKeys.newPack(lang), queryFn: () => getNewFaqPack(lang), staleTime: Infinity });

export const useNewFaqPack = (lang: string, enabled: boolean) => useQuery({ ...newFaqPackQueryOptions(lang), enabled });
