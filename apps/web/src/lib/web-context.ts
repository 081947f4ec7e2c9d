import { type Brand, brandOf } from '@portal/contract/brands';
import type { WebContextResponse } from '@portal/contract/common';
import type { WebContext } from '@portal/contract/constants';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from './api-client';
import { commonKeys } from './common-keys';

/** GET /api/common/webcontext. `demo` may be missing when the call failed (the app then assumes context 0). */
export type WebContextInfo = Omit<WebContextResponse, 'demo'> & { demo?: boolean };

export function getWebContext(): Promise<WebContextInfo> {
  return apiRequest<WebContextInfo>('/api/common/webcontext', { auth: false, silent: true });
}

export const webContextQueryOptions = () =>
  queryOptions({ queryKey: commonKeys.webContext(), queryFn: getWebContext, staleTime: Number.POSITIVE_INFINITY });

export type SiteInfo = { context: WebContext; brand: Brand; demo: boolean | undefined };

/** The site variant of this host; the app loads it before the first render, so it is always there. */
export function useSite(): SiteInfo {
  const { data } = useQuery(webContextQueryOptions());
  const context: WebContext = data?.webcontext === 1 || data?.webcontext === 2 ? data.webcontext : 0;
  return { context, brand: brandOf(context), demo: data?.demo };
}
