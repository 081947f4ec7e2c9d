import { integrationAdmin } from '@portal/contract/integration';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/call';
import { invalidateIntegration } from './integration-keys';

/** A new secret for a client (shown once); the old one and its tokens stop at once. */
export function useRotateIntegrationSecret() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(integrationAdmin.rotateSecret, { params: { id } }),
    onSuccess: () => invalidateIntegration(client),
  });
}
