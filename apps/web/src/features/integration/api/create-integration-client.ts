import { type CreateIntegrationClientBody, integrationAdmin } from '@portal/contract/integration';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/call';
import { invalidateIntegration } from './integration-keys';

/** Adds a client; its answer holds the secret, shown once. A refused form (400) is shown by the form itself. */
export function useCreateIntegrationClient() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateIntegrationClientBody) => call(integrationAdmin.createClient, { body }, { silent: [400] }),
    onSuccess: () => invalidateIntegration(client),
  });
}
