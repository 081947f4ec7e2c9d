import type { PutClientRequest } from '@portal/contract/people';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { peopleKeys } from './people-keys';

type Saved = { accountnum: string; email: 0 | 1; message: string };

/** PUT /api/inclient/putcliente/{accountnum}: email 1 means a change of ERP data was e-mailed as a request. */
export function putClient(accountnum: string, body: PutClientRequest): Promise<Saved> {
  return apiRequest<Saved>(`/api/inclient/putcliente/${encodeURIComponent(accountnum)}`, {
    method: 'PUT',
    json: body,
    silent: [400],
  });
}

export function usePutClientMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ accountnum, body }: { accountnum: string; body: PutClientRequest }) => putClient(accountnum, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: peopleKeys.clients }),
  });
}
