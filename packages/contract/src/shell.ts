/**
 * What every signed-in screen's frame shows, in one call (issue 25: a first signed-in page asked six calls for it before
 * its own). Each part is the answer of the call that also gives it alone, with that call's schema: the web puts each
 * part in that call's cache, and the frame's components keep reading (and refreshing) their own calls.
 */
import { z } from 'zod';
import { loggedUser } from './account.ts';
import { cartLengthResponse } from './catalog.ts';
import { langParam, languagesResponse, navMenuResponse } from './common.ts';
import { zoneMenusResponse } from './content-tree.ts';
import { endpoint } from './endpoint.ts';
import { errorBody } from './errors.ts';
import { unreadResponse } from './notifications.ts';

export const shellQuery = z.object({ lang: langParam.default('es') });

export const shellResponse = z.object({
  /** GET /api/account/getUser. */
  user: loggedUser,
  /** GET /api/innavmenu/getnavmenu: the side menu the caller may see. */
  navMenu: navMenuResponse,
  /** GET /api/inmenu/getzonemenus?idioma_cod=lang: the header, footer and dashboard menus. */
  zoneMenus: zoneMenusResponse,
  /** GET /api/incheckout/getcurrentcartlength. */
  cartLength: cartLengthResponse,
  /** GET /api/innotification/unread. */
  unread: unreadResponse,
  /** GET /api/common/languages. */
  languages: languagesResponse,
});
export type ShellResponse = z.infer<typeof shellResponse>;

export const shellCalls = {
  shell: endpoint({
    method: 'GET',
    path: '/api/common/shell',
    access: 'user',
    summary:
      'The frame of every signed-in screen at once: the user, the menus, the cart’s length, unread notifications',
    description:
      'The answers of getUser, getnavmenu, getzonemenus (in `lang`), getcurrentcartlength, innotification/unread and ' +
      'common/languages in one object, each with that call’s schema: a first signed-in page asks this instead of six calls.',
    tags: ['common'],
    query: shellQuery,
    response: shellResponse,
    refusals: { 400: errorBody, 401: errorBody },
  }),
};
