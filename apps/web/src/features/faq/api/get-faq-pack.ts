import type { FaqPack } from '@portal/contract/faq';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { faqKeys } from './faq-keys';

/** GET /api/infaq/getfaqpack/{id}: a pack with its responses (a 404 is shown by the screen). */
export function getFaqPack(id: number): Promise<FaqPack> {
  return apiRequest<FaqPack>(`/api/infaq/getfaqpack/${id}`, { silent: [404] });
}

export const faqPackQueryOptions = (id: number) =>
  queryOptions({ queryKey: faqKeys.detail(id), queryFn: () => getFaqPack(id), staleTime: 0, retry: false });

export const useFaqPack = (id: number) => useQuery({ ...faqPackQueryOptions(id), enabled: id > 0 });
