import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { refundKeys } from './refund-keys';

/** GET /api/inrefund/comprobarrolusuario: 1 when the caller may return (the Devolver buttons show). */
export const canReturnQueryOptions = () =>
  queryOptions({
    queryKey: refundKeys.canReturn(),
    queryFn: () => apiRequest<0 | 1>('/api/inrefund/comprobarrolusuario'),
    staleTime: 5 * 60_000,
  });

export function useCanReturn(): boolean {
  return useQuery(canReturnQueryOptions()).data === 1;
}
