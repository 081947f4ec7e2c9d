import type { PlateResponse } from '@portal/contract/catalog';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import type { PlateCountry } from '../search-state';

export type PlateSearch = { country: PlateCountry; plateText: string };

/**
 * POST /api/product/getbyplate: the vehicle of a licence plate and the id of the logged search (the
 * cart receives it as searchLogId). Needs the searchplate role. A 400 is shown by the plate field.
 */
export function postPlateSearch(body: PlateSearch): Promise<PlateResponse> {
  return apiRequest<PlateResponse>('/api/product/getbyplate', { method: 'POST', json: body, silent: [400] });
}

export function usePlateSearchMutation() {
  return useMutation({ mutationFn: postPlateSearch });
}
