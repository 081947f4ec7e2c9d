import { accessCalls } from '@portal/contract/access-calls';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { call, callKey } from '@/lib/call';

/** The tokens of an acting session as the user (decision 0035). */
export function postActAs(username: string) {
  return call(accessCalls.actAs, { body: { username } }, { silent: [400, 404] });
}

export function useActAsMutation() {
  return useMutation({ mutationFn: postActAs });
}

/** Who acts and until when, while acting. */
export const actingOptions = () =>
  queryOptions({
    queryKey: callKey(accessCalls.acting),
    queryFn: () => call(accessCalls.acting, {}),
    staleTime: 60_000,
  });

export function useActing(enabled: boolean) {
  return useQuery({ ...actingOptions(), enabled });
}

/** Ends the acting session at once. */
export function postStopActing() {
  return call(accessCalls.stopActing, {}, { silent: true });
}
