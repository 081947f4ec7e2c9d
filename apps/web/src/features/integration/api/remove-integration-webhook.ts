import { integrationAdmin } from '@portal/contract/integration';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/call';
import { invalidateIntegration } from './integration-keys';

/** Removes one of a client's webhook endpoints. */
export function useRemoveIntegrationWebhook() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (params: { id: string; webhookId: number }) => call(integrationAdmin.removeWebhook, { params }),
    onSuccess: () => invalidateIntegration(client),
  });
}
