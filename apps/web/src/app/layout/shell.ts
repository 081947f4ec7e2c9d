import { type ShellResponse, shellCalls } from '@portal/contract/shell';
import type { QueryFunction, QueryKey } from '@tanstack/react-query';
import { currentCartLengthQueryOptions } from '@/features/cart/api/get-current-cart-length';
import { navMenuQueryOptions } from '@/features/menus/api/get-nav-menu';
import { zoneMenusQueryOptions } from '@/features/menus/api/get-zone-menus';
import { unreadQueryOptions } from '@/features/notifications/api/get-unread';
import { call } from '@/lib/call';
import { userQueryOptions } from '@/lib/current-user';
import { currentLanguage } from '@/lib/i18n';
import { languagesQueryOptions } from '@/lib/languages';
import { queryClient } from '@/lib/query-client';

/**
 * The frame of the signed-in screens (user, side and zone menus, the cart's length, unread notifications, languages) in
 * one call instead of six (issue 25; decision 0087). Started by the signed-in route's loader, not awaited: each part's
 * query is put in flight with the one call's answer as its result, so the frame's components, mounting meanwhile, wait
 * for it instead of asking again, and later refresh their own calls as before. A part already cached is not asked; when
 * the one call fails, each missing part asks its own call.
 */
export function prefetchShell(): void {
  const lang = currentLanguage();
  let shell: Promise<ShellResponse> | null = null;
  /** The part's query in flight with the one call's answer (asked once, at the first part missing from the cache). */
  function fill<T>(options: { queryKey: QueryKey; queryFn?: unknown }, pick: (answer: ShellResponse) => T): void {
    if (queryClient.getQueryData(options.queryKey) !== undefined) return;
    shell ??= call(shellCalls.shell, { query: { lang } }, { silent: true });
    const own = options.queryFn as QueryFunction<T>;
    void queryClient.prefetchQuery({
      queryKey: options.queryKey,
      queryFn: (context) => (shell as Promise<ShellResponse>).then(pick, () => own(context)),
    });
  }
  fill(userQueryOptions(), (a) => a.user);
  fill(navMenuQueryOptions(), (a) => a.navMenu);
  fill(zoneMenusQueryOptions(lang), (a) => a.zoneMenus);
  fill(currentCartLengthQueryOptions(), (a) => a.cartLength);
  fill(unreadQueryOptions(), (a) => a.unread);
  fill(languagesQueryOptions(), (a) => a.languages);
}
