import type { RefundFile } from '@portal/contract/refunds';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { refundKeys } from './refund-keys';

/** GET /api/inrefund/GetFiles: a line's evidence files. */
export const refundFilesQueryOptions = (lineId: number) =>
  queryOptions({
    queryKey: refundKeys.files(lineId),
    queryFn: () => apiRequest<RefundFile[]>('/api/inrefund/GetFiles', { query: { itemid: lineId } }),
  });

export function useRefundFiles(lineId: number) {
  return useQuery(refundFilesQueryOptions(lineId));
}

/** An evidence file's bytes (or its thumbnail) as a blob: the file URLs need the bearer token. */
export function getFileBlob(url: string): Promise<Blob> {
  return apiRequest<Blob>(url, { as: 'blob', silent: [404] });
}
