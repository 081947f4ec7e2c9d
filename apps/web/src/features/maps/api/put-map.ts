import type { PutMapBody } from '@portal/contract/maps';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { mapKeys } from './map-keys';

type Saved = { message: string; id_mapoint: number };

/** POST /api/inmap/putmap/{id}: creates (id 0) or replaces a point; a 400 is shown by the form itself. */
export function putMap(id: number, body: PutMapBody): Promise<Saved> {
  return apiRequest<Saved>(`/api/inmap/putmap/${id}`, { method: 'POST', json: body, silent: [400] });
}

export function usePutMapMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: PutMapBody }) => putMap(id, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mapKeys.all }),
  });
}
