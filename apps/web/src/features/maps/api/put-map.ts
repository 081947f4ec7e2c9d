import { mapCalls, type PutMapBody } from '@portal/contract/maps';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/call';
import { invalidateMaps } from './map-keys';

/** Creates (id 0) or replaces a point; a 400 is shown by the form itself. */
export function putMap(id: number, body: PutMapBody) {
  return call(mapCalls.put, { params: { id }, body }, { silent: [400] });
}

export function usePutMapMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: PutMapBody }) => putMap(id, body),
    onSuccess: () => invalidateMaps(queryClient),
  });
}
