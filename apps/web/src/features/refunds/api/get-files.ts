import { refundCalls } from '@portal/contract/refunds-calls';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { call } from '@/lib/call';
import { refundKeys } from './refund-keys';

/** A line's evidence files. */
export const refundFilesQueryOptions = (lineId: number) =>
  queryOptions({
    queryKey: refundKeys.files(lineId),
    queryFn: () => call(refundCalls.files, { query: { itemid: lineId } }),
  });

export function useRefundFiles(lineId: number) {
  return useQuery(refundFilesQueryOptions(lineId));
}

/** An evidence file's bytes (or its thumbnail) by the URL its listing gave, as a blob: it needs the bearer token. */
export function getFileBlob(url: string): Promise<Blob> {
  return apiRequest<Blob>(url, { as: 'blob', silent: [404] });
}
