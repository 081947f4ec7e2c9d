import { integrationAdmin } from '@portal/contract/integration';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/call';
import { invalidateIntegration } from './integration-keys';

/** Revokes a client for good: its secret and tokens stop at once. */
export function useRevokeIntegrationClient() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(integrationAdmin.revokeClient, { params: { id } }),
    onSuccess: () => invalidateIntegration(client),
  });
}
