import type { AddressListResponse } from '@portal/contract/cart';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { checkoutKeys } from './checkout-keys';

/** GET /api/incheckout/getaddrlist/: the caller's delivery addresses and the default one. */
export function getAddrList(): Promise<AddressListResponse> {
  return apiRequest<AddressListResponse>('/api/incheckout/getaddrlist/');
}

export const addrListQueryOptions = () =>
  queryOptions({ queryKey: checkoutKeys.addresses(), queryFn: getAddrList, staleTime: 5 * 60_000 });

export function useAddrList(enabled = true) {
  return useQuery({ ...addrListQueryOptions(), enabled });
}
