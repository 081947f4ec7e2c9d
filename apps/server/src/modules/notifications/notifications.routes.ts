import { notificationCalls as c, STOCK_ALERT_MESSAGES as M } from '@portal/contract/notifications';
import type { FastifyPluginAsync } from 'fastify';
import { endpointRoute } from '../../lib/endpoint-route.ts';
import { callerOf } from '../../plugins/auth.ts';
import { notFound } from '../../plugins/errors.ts';
import type { NotificationsRepository } from './notifications.repository.ts';
import type { NotificationsService } from './notifications.service.ts';

/**
 * Stock alerts ("back in stock at my store") and the bell's notifications (issue 26; decision 0075), registered from
 * their declarations (`notificationCalls`). Every call is the caller's own: another person's alert or notification
 * answers 404, as if it did not exist.
 */
export const notificationsRoutes: FastifyPluginAsync<{
  service: NotificationsService;
  repo: NotificationsRepository;
}> = async (app, { service, repo }) => {
  endpointRoute(app, c.askStockAlert, (request) =>
    service.ask(callerOf(request).id, request.body.articleId, request.body.storeId),
  );
  endpointRoute(app, c.stockAlerts, async (request) => ({
    rows: await repo.alerts(callerOf(request).id, {
      ...(request.query.article !== undefined ? { articleId: request.query.article } : {}),
      pendingOnly: request.query.pending === '1',
    }),
  }));
  endpointRoute(app, c.cancelStockAlert, async (request) => {
    if (!(await repo.cancel(callerOf(request).id, request.params.id))) throw notFound();
    return { message: M.cancelled };
  });
  endpointRoute(app, c.list, async (request) => {
    const userId = callerOf(request).id;
    const page = await repo.notifications(userId, request.query.before, request.query.limit);
    return { ...page, unread: await repo.unread(userId) };
  });
  endpointRoute(app, c.unread, async (request) => ({ unread: await repo.unread(callerOf(request).id) }));
  endpointRoute(app, c.markRead, async (request) => {
    const userId = callerOf(request).id;
    if (!(await repo.markRead(userId, request.params.id))) throw notFound();
    return { unread: await repo.unread(userId) };
  });
  endpointRoute(app, c.markAllRead, async (request) => {
    const userId = callerOf(request).id;
    await repo.markAllRead(userId);
    return { unread: 0 };
  });
};
