import { commonCalls } from '@portal/contract/common';
import { QueryClient } from '@tanstack/react-query';
import { isApiError } from './api-error';
import { isKeyOf } from './call';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 60_000,
      refetchOnWindowFocus: false,
      // A refused call is not retried (its popup already showed); a network failure is retried once.
      retry: (failureCount, error) => !(isApiError(error) && error.status > 0) && failureCount < 1,
    },
    mutations: { retry: false },
  },
});

/** The anonymous site data: the same for everybody, kept across sign-in and logout. */
const SITE_DATA = [commonCalls.webContext, commonCalls.languages, commonCalls.dictionary];

/**
 * Drops every cached answer that belongs to a user (sign-in, logout, session end). The anonymous site
 * data (web context, languages, dictionaries) stays, so the brand and texts do not flicker.
 */
export function clearUserData(): void {
  const predicate = (query: { queryKey: readonly unknown[] }) => !SITE_DATA.some((e) => isKeyOf(query.queryKey, e));
  void queryClient.cancelQueries({ predicate });
  queryClient.removeQueries({ predicate });
}

/**
 * After a language change: every answer of a user is read again, in the new language (the API names stores, delivery
 * modes and payment methods in the language the request says it reads; decision 0091). The site data stays.
 */
export function refreshUserData(): Promise<void> {
  return queryClient.invalidateQueries({
    predicate: (query) => !SITE_DATA.some((e) => isKeyOf(query.queryKey, e)),
  });
}
