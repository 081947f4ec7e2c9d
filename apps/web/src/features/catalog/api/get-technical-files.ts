import { catalogCalls } from '@portal/contract/catalog-calls';
import type { ResponseOf } from '@portal/contract/endpoint';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call, callKey } from '@/lib/call';

export type TechnicalFile = ResponseOf<typeof catalogCalls.technicalFiles>[number];

/** The technical documents of an article (its supplier and reference). */
export const technicalFilesQueryOptions = (marca: string, ref: string) => {
  const query = { marca, ref_jumasa: ref };
  return queryOptions({
    queryKey: callKey(catalogCalls.technicalFiles, { query }),
    queryFn: () => call(catalogCalls.technicalFiles, { query }),
  });
};

export function useTechnicalFiles(marca: string, ref: string) {
  return useQuery(technicalFilesQueryOptions(marca, ref));
}
