import type { technicalFileList } from '@portal/contract/catalog';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '@/lib/api-client';
import { catalogKeys } from './catalog-keys';

export type TechnicalFile = z.infer<typeof technicalFileList>[number];

/** GET /api/infile/checkFicherosTecnicos?marca=&ref_jumasa=: the technical documents of an article. */
export function getTechnicalFiles(marca: string, ref: string): Promise<TechnicalFile[]> {
  return apiRequest<TechnicalFile[]>('/api/infile/checkFicherosTecnicos', { query: { marca, ref_jumasa: ref } });
}

export const technicalFilesQueryOptions = (marca: string, ref: string) =>
  queryOptions({ queryKey: catalogKeys.technicalFiles(marca, ref), queryFn: () => getTechnicalFiles(marca, ref) });

export function useTechnicalFiles(marca: string, ref: string) {
  return useQuery(technicalFilesQueryOptions(marca, ref));
}
