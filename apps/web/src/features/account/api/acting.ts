import { ACTING_SEARCH } from '@portal/contract/account';
import { actingCalls } from '@portal/contract/account-calls';
import { keepPreviousData, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { call, callKey } from '@/lib/call';

/** The tokens of an acting session as the user (decision 0035). */
export function postActAs(username: string) {
  return call(actingCalls.actAs, { body: { username } }, { silent: [400, 404] });
}

export function useActAsMutation() {
  return useMutation({ mutationFn: postActAs });
}

/** Who acts and until when, while acting. */
export const actingOptions = () =>
  queryOptions({
    queryKey: callKey(actingCalls.acting),
    queryFn: () => call(actingCalls.acting, {}),
    staleTime: 60_000,
  });

export function useActing(enabled: boolean) {
  return useQuery({ ...actingOptions(), enabled });
}

/** Ends the acting session at once. */
export function postStopActing() {
  return call(actingCalls.stopActing, {}, { silent: true });
}

/** The users the caller may act as whose name, e-mail or client holds `q` (from ACTING_SEARCH.minLength characters). */
export const actingCandidatesOptions = (q: string) =>
  queryOptions({
    queryKey: callKey(actingCalls.actAsCandidates, { query: { q } }),
    queryFn: ({ signal }) => call(actingCalls.actAsCandidates, { query: { q } }, { signal }),
    staleTime: 30_000,
  });

export function useActingCandidates(q: string) {
  const term = q.trim();
  return useQuery({
    ...actingCandidatesOptions(term),
    enabled: term.length >= ACTING_SEARCH.minLength,
    placeholderData: keepPreviousData,
  });
}
