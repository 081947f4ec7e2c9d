import { defaultLanguageFor, type LanguageKey } from '@portal/contract/constants';
import { storedLanguage } from '@/lib/i18n';
import { changeLanguage } from '@/lib/language';
import { queryClient } from '@/lib/query-client';
import { contextInPage, type WebContextInfo, webContextQueryOptions } from '@/lib/web-context';

/** Old links such as `/#/sales/41AB1` open `/sales/41AB1`. */
export function redirectLegacyHash(): void {
  const { hash } = window.location;
  if (hash.startsWith('#/')) window.history.replaceState(window.history.state, '', hash.slice(1) || '/');
}

/**
 * Before the first render: the web context (brand, default language) and the dictionary of the
 * language in use (stored choice, else Portuguese in context 1, else Spanish). The page served by the portal holds the
 * context (decision 0087): the right dictionary is asked at once. A page without it (the development server's) asks
 * the context beside the Spanish dictionary (the default of contexts 0 and 2), and only context 1 then fetches
 * Portuguese, so the first paint waits for one round trip, not two.
 */
export async function bootstrap(): Promise<void> {
  const stored = storedLanguage();
  const contextPromise = queryClient.fetchQuery(webContextQueryOptions()).catch((): WebContextInfo => {
    const fallback: WebContextInfo = { webcontext: 0 };
    queryClient.setQueryData(webContextQueryOptions().queryKey, fallback);
    return fallback;
  });
  const guess: LanguageKey = stored ?? defaultLanguageFor(contextInPage()?.webcontext ?? 0);
  const guessed = changeLanguage(guess, false).catch(() => undefined);
  const lang = stored ?? defaultLanguageFor((await contextPromise).webcontext);
  await guessed;
  if (lang !== guess) await changeLanguage(lang, false).catch(() => undefined);
}
