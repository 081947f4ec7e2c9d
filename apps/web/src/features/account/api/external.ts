import type { RegisterExternalRequest } from '@portal/contract/account';
import { accountCalls } from '@portal/contract/account-calls';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, callKey, callUrl } from '@/lib/call';
import { useStartSession } from './post-token';

/** External sign-in (decision 0036): whether it is on, and the provider's name for the button. */
export function useExternalProvider() {
  return useQuery(
    queryOptions({
      queryKey: callKey(accountCalls.externalProvider),
      queryFn: () => call(accountCalls.externalProvider, {}, { silent: true }),
      staleTime: Number.POSITIVE_INFINITY,
      retry: false,
    }),
  );
}

/** Where the browser starts a sign-in at the provider (a full page load: the provider's page follows). */
export const EXTERNAL_START_URL = callUrl(accountCalls.externalStart);

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
        await call(
          accountCalls.obtainLocalAccessToken,
          { query: { provider: 'oidc', externalAccessToken: ticket } },
          { silent: true },
        ),
      ),
  });
}

/** GET external/link: who the provider says the person is; a used or expired ticket is a 404. */
export function useExternalLinkInfo(ticket: string) {
  const query = { ticket };
  return useQuery(
    queryOptions({
      queryKey: callKey(accountCalls.externalLink, { query }),
      queryFn: () => call(accountCalls.externalLink, { query }, { silent: true }),
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
      const token = await call(accountCalls.registerExternal, { body }, { silent: [400, 404, 429] });
      queryClient.removeQueries({ queryKey: callKey(accountCalls.externalLink) });
      return start(token);
    },
  });
}
