import type { DlvModesResponse } from '@portal/contract/cart';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { checkoutKeys } from './checkout-keys';

/**
 * GET /api/incheckout/getdlvmodeslist: the delivery modes of a store for an address; with isAddressWeb
 * (an alternative address) only parcel carriers come back.
 */
export function getDlvModesList(store: string, addressId: number | null, isAddressWeb: boolean) {
  return apiRequest<DlvModesResponse>('/api/incheckout/getdlvmodeslist', {
    query: { inventlocation: store, addressid: addressId ?? undefined, isAddressWeb },
  });
}

export const dlvModesQueryOptions = (store: string, addressId: number | null, isAddressWeb: boolean) =>
  queryOptions({
    queryKey: checkoutKeys.dlvModes(store, addressId, isAddressWeb),
    queryFn: () => getDlvModesList(store, addressId, isAddressWeb),
    staleTime: 5 * 60_000,
  });

export function useDlvModesList(store: string, addressId: number | null, isAddressWeb: boolean) {
  return useQuery(dlvModesQueryOptions(store, addressId, isAddressWeb));
}
