import { menuTreeCalls } from '@portal/contract/menus-calls';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/call';
import { invalidateZones } from './menus-keys';

/** Deletes a zone (after confirmation); a zone with menus is refused (400). */
export function deleteZone(id: number) {
  return call(menuTreeCalls.removeZone, { params: { id } }, { silent: [400] });
}

export function useDeleteZoneMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteZone,
    onSuccess: () => invalidateZones(queryClient),
  });
}
