import { type Brand, brandOf } from '@portal/contract/brands';
import { commonCalls, WEB_CONTEXT_META, type WebContextResponse, webContextResponse } from '@portal/contract/common';
import type { WebContext } from '@portal/contract/constants';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call, callKey } from './call';

/** The web context's answer; `demo` may be missing when the call failed (the app then assumes context 0). */
export type WebContextInfo = Omit<WebContextResponse, 'demo'> & { demo?: boolean };

/**
 * The answer the server wrote in the page (index.html's meta element, decision 0087), or undefined when the page has
 * none (the development server's page) or it does not read as the call's answer.
 */
export function contextInPage(): WebContextResponse | undefined {
  const content = document.querySelector<HTMLMetaElement>(`meta[name="${WEB_CONTEXT_META}"]`)?.content;
  if (!content) return undefined;
  try {
    const parsed = webContextResponse.safeParse(JSON.parse(content));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

export const webContextQueryOptions = () =>
  queryOptions<WebContextInfo>({
    queryKey: callKey(commonCalls.webContext),
    queryFn: () => call(commonCalls.webContext, {}, { silent: true }),
    initialData: contextInPage,
    staleTime: Number.POSITIVE_INFINITY,
  });

export type SiteInfo = { context: WebContext; brand: Brand; demo: boolean | undefined };

/** The site variant of this host; the app loads it before the first render, so it is always there. */
export function useSite(): SiteInfo {
  const { data } = useQuery(webContextQueryOptions());
  const context: WebContext = data?.webcontext === 1 || data?.webcontext === 2 ? data.webcontext : 0;
  return { context, brand: brandOf(context), demo: data?.demo };
}
