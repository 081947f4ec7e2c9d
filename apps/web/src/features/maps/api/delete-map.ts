import { mapCalls } from '@portal/contract/maps';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call, invalidateCalls } from '@/lib/call';
import { mapKeys } from './map-keys';

/** Deletes a point and its languages. */
export function deleteMap(id: number) {
  return call(mapCalls.remove, { params: { id } });
}

export function useDeleteMapMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteMap,
    onSuccess: (_result, id) => {
      queryClient.removeQueries({ queryKey: mapKeys.detail(id) });
      return invalidateCalls(queryClient, mapCalls.markers);
    },
  });
}
