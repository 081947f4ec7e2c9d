import { ACTING_SEARCH } from '@portal/contract/access';
import { accessCalls } from '@portal/contract/access-calls';
import { keepPreviousData, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
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

/** The users the caller may act as whose name, e-mail or client holds `q` (from ACTING_SEARCH.minLength characters). */
export const actingCandidatesOptions = (q: string) =>
  queryOptions({
    queryKey: callKey(accessCalls.actAsCandidates, { query: { q } }),
    queryFn: ({ signal }) => call(accessCalls.actAsCandidates, { query: { q } }, { signal }),
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
