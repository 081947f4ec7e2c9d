import { paymentMethodCalls } from '@portal/contract/paymentmethods';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { call } from '@/lib/call';
import type { GridParams } from '@/lib/documents/grid-state';
import { paymentMethodKeys } from './paymentmethods-keys';

/** A page of payment methods (jqGrid protocol). */
export function getPaymentMethodsGrid(params: GridParams) {
  return call(paymentMethodCalls.grid, { query: params });
}

export const paymentMethodsGridQueryOptions = (params: GridParams) =>
  queryOptions({
    queryKey: paymentMethodKeys.list(params),
    queryFn: () => getPaymentMethodsGrid(params),
    placeholderData: keepPreviousData,
  });
