import { clientCalls } from '@portal/contract/clients-calls';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call, callKey } from '@/lib/call';

/** A client, or a blank one for a new account number. */
export const clientQueryOptions = (id: string, isNew: boolean) => {
  const e = isNew ? clientCalls.newClient : clientCalls.client;
  return queryOptions({
    queryKey: callKey(e, { params: { id } }),
    queryFn: () => call(e, { params: { id } }),
    staleTime: 0,
  });
};

export function useClientDetail(id: string, isNew: boolean) {
  return useQuery(clientQueryOptions(id, isNew));
}
