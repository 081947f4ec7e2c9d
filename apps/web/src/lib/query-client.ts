import { QueryClient } from '@tanstack/react-query';
import { isApiError } from './api-error';

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
