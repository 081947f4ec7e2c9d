import type { ActingInfo } from '@portal/contract/access';
import type { TokenResponse } from '@portal/contract/account';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { accessKeys } from './access-keys';

/** POST /api/account/actas: the tokens of an acting session as the user (decision 0035). */
export function postActAs(username: string): Promise<TokenResponse> {
  return apiRequest<TokenResponse>('/api/account/actas', {
    method: 'POST',
    json: { username },
    silent: [400, 404],
  });
}

export function useActAsMutation() {
  return useMutation({ mutationFn: postActAs });
}

/** GET /api/account/acting: who acts and until when, while acting. */
export const actingOptions = () =>
  queryOptions({
    queryKey: [...accessKeys.all, 'acting'] as const,
    queryFn: () => apiRequest<{ acting: ActingInfo | null }>('/api/account/acting'),
    staleTime: 60_000,
  });

export function useActing(enabled: boolean) {
  return useQuery({ ...actingOptions(), enabled });
}

/** POST /api/account/stopacting: ends the acting session at once. */
export function postStopActing(): Promise<{ message: string }> {
  return apiRequest<{ message: string }>('/api/account/stopacting', { method: 'POST', silent: true });
}
