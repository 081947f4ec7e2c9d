import type { PutZoneBody } from '@portal/contract/content-tree';
import { menuTreeCalls } from '@portal/contract/menus-calls';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/call';
import { invalidateZones } from './menus-keys';

/** Creates (0) or updates a zone; a 400 is shown by the form. */
export function putZone(id: number, body: PutZoneBody) {
  return call(menuTreeCalls.putZone, { params: { id }, body }, { silent: [400] });
}

export function usePutZoneMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: PutZoneBody }) => putZone(id, body),
    onSuccess: () => invalidateZones(queryClient),
  });
}
