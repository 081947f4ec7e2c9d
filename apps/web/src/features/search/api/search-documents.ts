import { DOCUMENT_SEARCH, searchCalls } from '@portal/contract/search';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { call, callKey } from '@/lib/call';

/** Whether a typed query is long enough to be asked (shorter ones answer 400 WARN_SearchTooShort). */
export const searchable = (q: string) => q.trim().length >= DOCUMENT_SEARCH.minLength;

/** The documents of every kind whose number or reference starts with `q` (issue 26; decision 0081). */
export const documentSearchQueryOptions = (q: string) =>
  queryOptions({
    queryKey: callKey(searchCalls.documents, { query: { q: q.trim() } }),
    queryFn: ({ signal }) => call(searchCalls.documents, { query: { q: q.trim() } }, { signal }),
    staleTime: 30_000,
  });

/** The search of the header's box: asked only for a long enough query, the last answer kept while typing on. */
export function useDocumentSearch(q: string) {
  return useQuery({ ...documentSearchQueryOptions(q), enabled: searchable(q), placeholderData: keepPreviousData });
}
