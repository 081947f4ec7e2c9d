import { catalogCalls } from '@portal/contract/catalog-calls';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { call } from '@/lib/call';

/**
 * The vehicle of a licence plate and the id of the logged search (the cart receives it as searchLogId). Needs the
 * searchplate role. A 400 is shown by the plate field.
 */
export function postPlateSearch(body: z.input<typeof catalogCalls.plate.body>) {
  return call(catalogCalls.plate, { body }, { silent: [400] });
}

export function usePlateSearchMutation() {
  return useMutation({ mutationFn: postPlateSearch });
}
