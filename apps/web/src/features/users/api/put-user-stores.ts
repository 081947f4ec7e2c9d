import { userCalls } from '@portal/contract/users-calls';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call, callKey } from '@/lib/call';

/** The stores of a user in order; the first is the default. */
export function putUserStores(id: string, stores: string[]) {
  return call(userCalls.putStores, { params: { id }, body: { stores } });
}

export function usePutUserStoresMutation(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (stores: string[]) => putUserStores(id, stores),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: callKey(userCalls.stores, { params: { id } }) }),
  });
}
