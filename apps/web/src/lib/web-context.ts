import { type Brand, brandOf } from '@portal/contract/brands';
import { commonCalls, type WebContextResponse } from '@portal/contract/common';
import type { WebContext } from '@portal/contract/constants';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call, callKey } from './call';

/** The web context's answer; `demo` may be missing when the call failed (the app then assumes context 0). */
export type WebContextInfo = Omit<WebContextResponse, 'demo'> & { demo?: boolean };

export const webContextQueryOptions = () =>
  queryOptions<WebContextInfo>({
    queryKey: callKey(commonCalls.webContext),
    queryFn: () => call(commonCalls.webContext, {}, { silent: true }),
    staleTime: Number.POSITIVE_INFINITY,
  });

export type SiteInfo = { context: WebContext; brand: Brand; demo: boolean | undefined };

/** The site variant of this host; the app loads it before the first render, so it is always there. */
export function useSite(): SiteInfo {
  const { data } = useQuery(webContextQueryOptions());
  const context: WebContext = data?.webcontext === 1 || data?.webcontext === 2 ? data.webcontext : 0;
  return { context, brand: brandOf(context), demo: data?.demo };
}
