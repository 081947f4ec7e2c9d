import { paymentMethodCalls } from '@portal/contract/paymentmethods';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/call';
import { paymentMethodKeys } from './paymentmethods-keys';

/** One payment method. */
export function getPaymentMethod(id: number) {
  return call(paymentMethodCalls.method, { params: { id } }, { silent: [404] });
}

export const paymentMethodQueryOptions = (id: number) =>
  queryOptions({ queryKey: paymentMethodKeys.detail(id), queryFn: () => getPaymentMethod(id), retry: false });

export function usePaymentMethod(id: number, enabled: boolean) {
  return useQuery({ ...paymentMethodQueryOptions(id), enabled });
}
