import { integrationAdmin } from '@portal/contract/integration';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call, callKey } from '@/lib/call';

/** A client's webhook endpoints, and whether plain http on this machine is allowed (outside production). */
export const integrationWebhooksQueryOptions = (id: string) => {
  const input = { params: { id } };
  return queryOptions({
    queryKey: callKey(integrationAdmin.listWebhooks, input),
    queryFn: () => call(integrationAdmin.listWebhooks, input),
  });
};

export const useIntegrationWebhooks = (id: string) => useQuery(integrationWebhooksQueryOptions(id));
