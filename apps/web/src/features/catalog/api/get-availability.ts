import { catalogCalls } from '@portal/contract/catalog-calls';
import type { LanguageKey } from '@portal/contract/constants';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { call, callKey } from '@/lib/call';

/** The article's family and reference (for the stock figure), and the language of the answer. */
export type AvailabilityParams = z.input<typeof catalogCalls.availability.query> & { lang: LanguageKey };

/** Status and stock of an article in every store (cached per article and language). */
export const availabilityQueryOptions = (id: number, query: AvailabilityParams) =>
  queryOptions({
    queryKey: callKey(catalogCalls.availability, { params: { id }, query: { lang: query.lang } }),
    queryFn: () => call(catalogCalls.availability, { params: { id }, query }),
    staleTime: 15_000,
  });

export function useAvailability(id: number, params: AvailabilityParams, enabled: boolean) {
  return useQuery({ ...availabilityQueryOptions(id, params), enabled });
}
