import { LANGUAGES, type LanguageKey } from '@portal/contract/constants';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from './api-client';
import { commonKeys } from './common-keys';

export type LanguageOption = { key: LanguageKey; title: string };

/** GET /api/common/languages. */
export function getLanguages(): Promise<LanguageOption[]> {
  return apiRequest<LanguageOption[]>('/api/common/languages', { auth: false, silent: true });
}

export const languagesQueryOptions = () =>
  queryOptions({
    queryKey: commonKeys.languages(),
    queryFn: getLanguages,
    staleTime: Number.POSITIVE_INFINITY,
    placeholderData: LANGUAGES.map((l) => ({ key: l.key, title: l.title })),
  });

export function useLanguages() {
  return useQuery(languagesQueryOptions());
}
