import { integrationAdmin } from '@portal/contract/integration';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call, callKey } from '@/lib/call';

/** The integration clients, newest first (admins). */
export const integrationClientsQueryOptions = () =>
  queryOptions({
    queryKey: callKey(integrationAdmin.listClients),
    queryFn: () => call(integrationAdmin.listClients, {}),
  });

export const useIntegrationClients = () => useQuery(integrationClientsQueryOptions());
