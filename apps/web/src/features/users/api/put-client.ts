import { clientCalls } from '@portal/contract/clients-calls';
import type { PutClientRequest } from '@portal/contract/users';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/call';
import { invalidateClients } from './users-keys';

/** Saves a client: email 1 means a change of ERP data was e-mailed as a request; a 400 is shown by the form. */
export function putClient(accountnum: string, body: PutClientRequest) {
  return call(clientCalls.put, { params: { accountnum }, body }, { silent: [400] });
}

export function usePutClientMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ accountnum, body }: { accountnum: string; body: PutClientRequest }) => putClient(accountnum, body),
    onSuccess: () => invalidateClients(queryClient),
  });
}
