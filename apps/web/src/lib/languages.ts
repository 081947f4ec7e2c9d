import { commonCalls } from '@portal/contract/common';
import { LANGUAGES } from '@portal/contract/constants';
import type { ResponseOf } from '@portal/contract/endpoint';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call, callKey } from './call';

export type LanguageOption = ResponseOf<typeof commonCalls.languages>[number];

/** The languages of the interface, in display order (the contract's list until the server's answers). */
export const languagesQueryOptions = () =>
  queryOptions({
    queryKey: callKey(commonCalls.languages),
    queryFn: () => call(commonCalls.languages, {}, { silent: true }),
    staleTime: Number.POSITIVE_INFINITY,
    placeholderData: LANGUAGES.map((l) => ({ key: l.key, title: l.title })),
  });

export function useLanguages() {
  return useQuery(languagesQueryOptions());
}
