import { faqCalls } from '@portal/contract/faq';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/call';
import { faqKeys } from './faq-keys';

/** A pack with its responses (a 404 is shown by the screen). */
export function getFaqPack(id: number) {
  return call(faqCalls.pack, { params: { id } }, { silent: [404] });
}

export const faqPackQueryOptions = (id: number) =>
  queryOptions({ queryKey: faqKeys.detail(id), queryFn: () => getFaqPack(id), staleTime: 0, retry: false });

export const useFaqPack = (id: number) => useQuery({ ...faqPackQueryOptions(id), enabled: id > 0 });
