import { integrationAdmin } from '@portal/contract/integration';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/call';
import { invalidateIntegration } from './integration-keys';

/** Adds a webhook endpoint to a client; a refused URL (400, 409) is shown by the form itself. */
export function useAddIntegrationWebhook() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, url }: { id: string; url: string }) =>
      call(integrationAdmin.addWebhook, { params: { id }, body: { url } }, { silent: [400, 409] }),
    onSuccess: () => invalidateIntegration(client),
  });
}
