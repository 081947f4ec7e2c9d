import { faqCalls } from '@portal/contract/faq';
import { queryOptions } from '@tanstack/react-query';
import { call } from '@/lib/call';
import type { GridParams } from '@/lib/documents/grid-state';
import { faqKeys } from './faq-keys';

/** A page of every pack (admins; jqGrid protocol). */
export function getFaqPackGrid(params: GridParams) {
  return call(faqCalls.grid, { query: { ...params } });
}

export const faqPackGridQueryOptions = (params: GridParams) =>
  queryOptions({ queryKey: faqKeys.grid(params), queryFn: () => getFaqPackGrid(params) });
