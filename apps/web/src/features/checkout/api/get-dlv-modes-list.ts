import { checkoutCalls } from '@portal/contract/checkout-calls';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call, callKey } from '@/lib/call';

/** The delivery modes of a store for an address; with isAddressWeb (an alternative address) only parcel carriers. */
export const dlvModesQueryOptions = (store: string, addressId: number | null, isAddressWeb: boolean) => {
  const query = { inventlocation: store, addressid: addressId ?? undefined, isAddressWeb };
  return queryOptions({
    queryKey: callKey(checkoutCalls.dlvModes, { query }),
    queryFn: () => call(checkoutCalls.dlvModes, { query }),
    staleTime: 5 * 60_000,
  });
};

export function useDlvModesList(store: string, addressId: number | null, isAddressWeb: boolean) {
  return useQuery(dlvModesQueryOptions(store, addressId, isAddressWeb));
}
