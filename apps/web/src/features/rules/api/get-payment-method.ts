import type { PaymentMethod } from '@portal/contract/rules';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { paymentMethodKeys } from './rules-keys';

/** GET /api/inpaymentmethod/getpaymentmethod/{id}. */
export function getPaymentMethod(id: number): Promise<PaymentMethod> {
  return apiRequest<PaymentMethod>(`/api/inpaymentmethod/getpaymentmethod/${id}`, { silent: [404] });
}

export const paymentMethodQueryOptions = (id: number) =>
  queryOptions({ queryKey: paymentMethodKeys.detail(id), queryFn: () => getPaymentMethod(id), retry: false });

export function usePaymentMethod(id: number, enabled: boolean) {
  return useQuery({ ...paymentMethodQueryOptions(id), enabled });
}
