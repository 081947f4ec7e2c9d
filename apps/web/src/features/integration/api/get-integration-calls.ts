import { integrationAdmin } from '@portal/contract/integration';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { call, callKey } from '@/lib/call';

/** A page of a client's recent calls, newest first. */
export const integrationCallsQueryOptions = (id: string, page: number, rows: number) => {
  const input = { params: { id }, query: { page, rows } };
  return queryOptions({
    queryKey: callKey(integrationAdmin.listCalls, input),
    queryFn: () => call(integrationAdmin.listCalls, input),
    placeholderData: keepPreviousData,
  });
};

export const useIntegrationCalls = (id: string, page: number, rows: number) =>
  useQuery(integrationCallsQueryOptions(id, page, rows));
