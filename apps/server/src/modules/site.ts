import { type ShellResponse, shellCalls } from '@portal/contract/shell';
import type { FastifyPluginAsync } from 'fastify';
import type { Db } from '../db/client.ts';
import { endpointRoute } from '../lib/endpoint-route.ts';
import { callerOf } from '../plugins/auth.ts';
import type { WebContextResolver } from '../plugins/web-context.ts';
import { loggedUserOf } from './account/logged-user.ts';
import type { CartService } from './cart/cart.service.ts';
import { commonRepository } from './common/common.repository.ts';
import { commonRoutes } from './common/common.routes.ts';
import { visibleMenu } from './common/nav-menu.ts';
import { menusRepository } from './menus/menus.repository.ts';
import { notificationsRepository } from './notifications/notifications.repository.ts';

type Options = { db: Db; cart: CartService; webContextOf: WebContextResolver; demo: boolean };

/**
 * The site's frame: its anonymous calls (modules/common) and the frame of every signed-in screen in one call
 * (`shellCalls.shell`, issue 25; decision 0087): the answers of getUser, getnavmenu, getzonemenus,
 * getcurrentcartlength, innotification/unread and common/languages, each made by the same code as its own call.
 */
export const siteRoutes: FastifyPluginAsync<Options> = async (app, { db, cart, webContextOf, demo }) => {
  const common = commonRepository(db);
  const menus = menusRepository(db);
  const notifications = notificationsRepository(db);
  await app.register(commonRoutes, { repo: common, webContextOf, demo });

  endpointRoute(app, shellCalls.shell, async (request) => {
    const me = callerOf(request);
    const [navMenu, zoneMenus, cartLength, unread, languages] = await Promise.all([
      common.navMenu(),
      menus.zoneMenus(request.query.lang),
      cart.length(me),
      notifications.unread(me.id),
      common.languages(),
    ]);
    return {
      user: loggedUserOf(me),
      navMenu: visibleMenu(navMenu, me),
      zoneMenus,
      cartLength,
      unread: { unread },
      languages: languages as ShellResponse['languages'],
    };
  });
};
