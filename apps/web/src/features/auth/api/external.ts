import type { ExternalLinkInfo, ExternalProvider, RegisterExternalRequest } from '@portal/contract/access';
import type { TokenResponse } from '@portal/contract/account';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { accountKeys } from './account-keys';
import { useStartSession } from './post-token';

/** External sign-in (decision 0036): whether it is on, and the provider's name for the button. */
export function useExternalProvider() {
  return useQuery(
    queryOptions({
      queryKey: [...accountKeys.all, 'external-provider'] as const,
      queryFn: () => apiRequest<ExternalProvider>('/api/account/external/provider', { auth: false, silent: true }),
      staleTime: Number.POSITIVE_INFINITY,
      retry: false,
    }),
  );
}

/** Where the browser starts a sign-in at the provider (a full page load: the provider's page follows). */
export const EXTERNAL_START_URL = '/api/account/external/start';

/** The one-time ticket the server put in the URL fragment (#ticket=…); the fragment never reaches a server log. */
export function ticketFromHash(hash: string): string {
  return new URLSearchParams(hash.replace(/^#/, '')).get('ticket') ?? '';
}

/** GET ObtainLocalAccessToken: the portal's tokens for a sign-in ticket, stored as a password sign-in's are. */
export function useObtainLocalAccessToken() {
  const start = useStartSession();
  return useMutation({
    mutationFn: async (ticket: string) =>
      start(
        await apiRequest<TokenResponse>(
          `/api/account/ObtainLocalAccessToken?provider=oidc&externalAccessToken=${encodeURIComponent(ticket)}`,
          { auth: false, silent: true },
        ),
      ),
  });
}

/** GET external/link: who the provider says the person is; a used or expired ticket is a 404. */
export function useExternalLinkInfo(ticket: string) {
  return useQuery(
    queryOptions({
      queryKey: [...accountKeys.all, 'external-link', ticket] as const,
      queryFn: () =>
        apiRequest<ExternalLinkInfo>(`/api/account/external/link?ticket=${encodeURIComponent(ticket)}`, {
          auth: false,
          silent: true,
        }),
      enabled: ticket !== '',
      retry: false,
      staleTime: Number.POSITIVE_INFINITY,
    }),
  );
}

/** POST registerexternal: links the identity to the account proven by its password, then signs in. */
export function useRegisterExternal() {
  const start = useStartSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: RegisterExternalRequest) => {
      const token = await apiRequest<TokenResponse>('/api/account/registerexternal', {
        method: 'POST',
        json: body,
        auth: false,
        silent: [400, 404, 429],
      });
      queryClient.removeQueries({ queryKey: [...accountKeys.all, 'external-link'] });
      return start(token);
    },
  });
}
