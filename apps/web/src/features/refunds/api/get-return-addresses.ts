import type { returnAddresses } from '@portal/contract/refunds';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '@/lib/api-client';
import { refundKeys } from './refund-keys';

export type ReturnAddress = z.infer<typeof returnAddresses>[number];

/** GET /api/inrefund/getreturnaddresses: the client's addresses to return from. */
export function useReturnAddresses(enabled: boolean) {
  return useQuery({
    ...queryOptions({
      queryKey: refundKeys.addresses(),
      queryFn: () => apiRequest<ReturnAddress[]>('/api/inrefund/getreturnaddresses'),
      staleTime: 5 * 60_000,
    }),
    enabled,
  });
}
