import { STOCK_ALERT_MESSAGES as M, STOCK_ALERT_LIMITS, type StockAlert } from '@portal/contract/notifications';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../plugins/errors.ts';
import type { NotificationsRepository } from './notifications.repository.ts';

/**
 * Stock alerts and notifications (issue 26; decision 0075). A person's alerts and notifications are theirs alone:
 * staff acting as a customer's user (decision 0035) ask, see and cancel that user's, as the user would.
 */
export function notificationsService({ db, repo }: { db: Db; repo: NotificationsRepository }) {
  return {
    /** Asks for an alert where the store shows no stock of the article; asking again answers the pending one. */
    async ask(userId: string, articleId: number, storeId: string): Promise<{ message: string; alert: StockAlert }> {
      return db.transaction(async (tx) => {
        const target = await repo.target(tx, articleId, storeId);
        if (!target.article || !target.store) throw new AppError(400, M.unknown);
        // The screen offers no alert on an untracked article; the call refuses it too.
        if (!target.tracked) throw new AppError(400, M.untracked);
        if ((target.quantity ?? 0) > 0) throw new AppError(400, M.inStock);
        const pending = await repo.pendingCount(tx, userId);
        const { id, created } = await repo.ask(tx, userId, articleId, storeId);
        if (created && pending >= STOCK_ALERT_LIMITS.maxPending) throw new AppError(400, M.tooMany);
        const alert = await repo.alert(tx, userId, id);
        return { message: M.asked, alert: alert! };
      });
    },
  };
}
export type NotificationsService = ReturnType<typeof notificationsService>;
