import type { documentLogRow } from '@portal/contract/documents';
import type { GridResponse } from '@portal/contract/grids';
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '@/lib/api-client';
import type { GridParams } from '@/lib/documents/grid-state';
import { accessKeys } from './access-keys';

export type DocumentLogRow = z.infer<typeof documentLogRow>;

/** GET /api/insettings/GetLogDocumentsJqGrid (admins): the document download log, newest first. */
export function getDocumentLogsGrid(params: GridParams): Promise<GridResponse<DocumentLogRow>> {
  return apiRequest<GridResponse<DocumentLogRow>>('/api/insettings/GetLogDocumentsJqGrid', { query: params });
}

export const documentLogsGridQueryOptions = (params: GridParams) =>
  queryOptions({
    queryKey: accessKeys.documentLogs(params),
    queryFn: () => getDocumentLogsGrid(params),
    staleTime: 10_000,
  });
