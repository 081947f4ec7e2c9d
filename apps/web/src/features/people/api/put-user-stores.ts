import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { peopleKeys } from './people-keys';

/** POST /api/inuser/PutInventLocationsUser/{id}: the stores in order; the first is the default. */
export function putUserStores(id: string, stores: string[]): Promise<{ message: string }> {
  return apiRequest(`/api/inuser/PutInventLocationsUser/${encodeURIComponent(id)}`, {
    method: 'POST',
    json: { stores },
  });
}

export function usePutUserStoresMutation(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (stores: string[]) => putUserStores(id, stores),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: peopleKeys.stores(id) }),
  });
}
