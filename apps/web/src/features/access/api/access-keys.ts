import type { GridParams } from '@/lib/documents/grid-state';

/** Query keys of the access area (the logs). */
export const accessKeys = {
  all: ['access'] as const,
  userLogs: (params: GridParams) => [...accessKeys.all, 'userlogs', params] as const,
  documentLogs: (params: GridParams) => [...accessKeys.all, 'documentlogs', params] as const,
};
