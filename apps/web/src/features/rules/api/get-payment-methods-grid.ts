import type { GridResponse } from '@portal/contract/grids';
import type { PaymentMethod } from '@portal/contract/rules';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import type { GridParams } from '@/lib/documents/grid-state';
import { paymentMethodKeys } from './rules-keys';

/** GET /api/inpaymentmethod/GetPaymentMethodJqGrid: a page of payment methods (jqGrid protocol). */
export function getPaymentMethodsGrid(params: GridParams): Promise<GridResponse<PaymentMethod>> {
  return apiRequest<GridResponse<PaymentMethod>>('/api/inpaymentmethod/GetPaymentMethodJqGrid', { query: params });
}

export const paymentMethodsGridQueryOptions = (params: GridParams) =>
  queryOptions({
    queryKey: paymentMethodKeys.list(params),
    queryFn: () => getPaymentMethodsGrid(params),
    placeholderData: keepPreviousData,
  });
