/**
 * "Back in stock at my store" and the portal's notifications (issue 26; decision 0075). A person asks to be told when
 * an article comes back to a store that has none; when a stock writer (the stock sync or the ERP's stock feed) makes
 * it available there, the alert fires once: an e-mail in the person's language and a notification. The bell in the
 * header lists the notifications: stock back, web orders imported into the ERP, refunds changing state.
 */
import { z } from 'zod';
import type { LanguageKey } from './constants.ts';
import { endpoint } from './endpoint.ts';
import { errorBody } from './errors.ts';
import { STORES_LIMITS } from './stores.ts';

export const STOCK_ALERT_LIMITS = {
  /** Pending alerts a person may hold at once (a new one beyond answers 400 WARN_StockAlertTooMany). */
  maxPending: 100,
  /** Alerts listed (newest first): the pending ones and the latest fired or cancelled. */
  listMax: 200,
} as const;

export const NOTIFICATION_LIMITS = {
  /** Notifications a page of the bell's panel holds (newest first; `before` pages back). */
  pageSize: 20,
  pageMax: 50,
  /** The badge says "99+" past this. */
  badgeMax: 99,
  /** How often the web asks the unread count again (ms), while the page is visible. */
  pollMs: 60_000,
} as const;

export const STOCK_ALERT_MESSAGES = {
  asked: 'MSG_StockAlertAsked',
  cancelled: 'MSG_StockAlertCancelled',
  /** The store shows stock of the article already: nothing to wait for. */
  inStock: 'WARN_StockAlertInStock',
  tooMany: 'WARN_StockAlertTooMany',
  /** The article's stock is not kept per store (untracked): no stock will come back to a store. */
  untracked: 'WARN_StockAlertUntracked',
  /** No such article or store (or the store is closed). */
  unknown: 'WARN_StockAlertUnknown',
} as const;

export const STOCK_ALERT_STATUSES = ['pending', 'fired', 'cancelled'] as const;
export type StockAlertStatus = (typeof STOCK_ALERT_STATUSES)[number];

const id = z.coerce.number({ error: 'WARN_ValidationError' }).int().min(1).max(Number.MAX_SAFE_INTEGER);
const articleId = z.coerce.number({ error: 'WARN_ValidationError' }).int().min(1).max(2_147_483_647);
const storeId = z.string().trim().min(1).max(STORES_LIMITS.storeIdMax);

export const stockAlertRequest = z.object({ articleId, storeId });
export const stockAlertListQuery = z.object({
  /** Only this article's alerts (the availability dialog's state). */
  article: articleId.optional(),
  /** Only the pending ones. */
  pending: z.enum(['0', '1']).optional(),
});
export const stockAlertParams = z.object({ id });

export const stockAlert = z.object({
  id: z.number().int(),
  articleId: z.number().int(),
  ref: z.string(),
  name: z.string(),
  storeId: z.string(),
  storeName: z.string(),
  status: z.enum(STOCK_ALERT_STATUSES),
  createdAt: z.string(),
  /** When the stock came back (fired) or the person cancelled it; null while pending. */
  closedAt: z.string().nullable(),
});
export type StockAlert = z.infer<typeof stockAlert>;
export const stockAlertResponse = z.object({ message: z.string(), alert: stockAlert });
export const stockAlertListResponse = z.object({ rows: z.array(stockAlert) });
export const stockAlertCancelResponse = z.object({ message: z.string() });

/** Every kind of notification and the fields its text and link are made from. */
export const NOTIFICATION_KINDS = ['stock_back', 'web_order_imported', 'refund_changed'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** The refund stages a notification tells of (the customer's own steps, "requested" and "cart", are not told). */
export const REFUND_NOTIFIED_STAGES = ['received', 'decided', 'rejected', 'cancelled', 'processed'] as const;

const base = { id: z.number().int(), createdAt: z.string(), readAt: z.string().nullable() };
export const notification = z.discriminatedUnion('kind', [
  z.object({
    ...base,
    kind: z.literal('stock_back'),
    params: z.object({ articleId: z.number().int(), ref: z.string(), storeId: z.string(), storeName: z.string() }),
  }),
  z.object({
    ...base,
    kind: z.literal('web_order_imported'),
    params: z.object({ webOrderId: z.number().int(), salesIds: z.string() }),
  }),
  z.object({
    ...base,
    kind: z.literal('refund_changed'),
    params: z.object({ refundId: z.number().int(), stage: z.enum(REFUND_NOTIFIED_STAGES) }),
  }),
]);
export type Notification = z.infer<typeof notification>;

export const notificationListQuery = z.object({
  /** The page before this notification id (older ones). */
  before: id.optional(),
  limit: z.coerce.number().int().min(1).max(NOTIFICATION_LIMITS.pageMax).default(NOTIFICATION_LIMITS.pageSize),
});
export const notificationListResponse = z.object({
  rows: z.array(notification),
  unread: z.number().int(),
  /** Older notifications exist past this page. */
  more: z.boolean(),
});
export const unreadResponse = z.object({ unread: z.number().int() });
export const notificationParams = z.object({ id });

/** Where a notification leads in the web app. */
export function notificationLink(n: Notification): string {
  switch (n.kind) {
    case 'stock_back':
      return `/product-list?ref=${encodeURIComponent(n.params.ref)}`;
    case 'web_order_imported':
      return `/salesweb/${n.params.webOrderId}`;
    case 'refund_changed':
      return `/allrefunds/${n.params.refundId}`;
  }
}

/**
 * The e-mail of an alert that fired, in the person's language. `{ref}`, `{name}`, `{store}` and `{url}` (the
 * catalogue's search of the article) are put in by the stock writer's statement (db/stock-alerts.ts).
 */
export const STOCK_ALERT_MAIL: Record<LanguageKey, { subject: string; body: string }> = {
  es: {
    subject: 'Vuelve a haber stock de {ref} en {store}',
    body:
      'Nos pidió que le avisáramos: el artículo {ref} ({name}) vuelve a tener stock en el almacén {store}.\n\n{url}\n\n' +
      'Este aviso ya se ha cumplido; si lo necesita, pida otro desde la disponibilidad del artículo.\n',
  },
  en: {
    subject: '{ref} is back in stock at {store}',
    body:
      'You asked us to let you know: article {ref} ({name}) is back in stock at the {store} store.\n\n{url}\n\n' +
      'This alert is now done; ask for another one from the article’s availability if you need it.\n',
  },
  fr: {
    subject: '{ref} est de nouveau en stock à {store}',
    body:
      'Vous nous avez demandé de vous prévenir : l’article {ref} ({name}) est de nouveau en stock au magasin {store}.' +
      '\n\n{url}\n\nCette alerte est terminée ; demandez-en une autre depuis la disponibilité de l’article si besoin.\n',
  },
  pt: {
    subject: '{ref} voltou a ter stock em {store}',
    body:
      'Pediu-nos que o avisássemos: o artigo {ref} ({name}) voltou a ter stock no armazém {store}.\n\n{url}\n\n' +
      'Este aviso já foi cumprido; se precisar, peça outro a partir da disponibilidade do artigo.\n',
  },
};

const signedIn = 'user' as const;
const tags = ['notifications'] as const;
const refusals = { 400: errorBody, 401: errorBody };

/** The calls of stock alerts and notifications (issue 26), each declared once (decision 0062). */
export const notificationCalls = {
  askStockAlert: endpoint({
    method: 'POST',
    path: '/api/innotification/stockalerts',
    access: signedIn,
    summary: 'Ask to be told when an article comes back in stock at a store that has none',
    description:
      'The caller’s own alert. Asking again for a pending one answers it (no second alert). A store that shows stock ' +
      'of the article answers 400 WARN_StockAlertInStock; an unknown article or store 400 WARN_StockAlertUnknown; more ' +
      'than STOCK_ALERT_LIMITS.maxPending pending alerts 400 WARN_StockAlertTooMany.',
    tags,
    body: stockAlertRequest,
    response: stockAlertResponse,
    refusals,
  }),
  stockAlerts: endpoint({
    method: 'GET',
    path: '/api/innotification/stockalerts',
    access: signedIn,
    summary: 'The caller’s stock alerts, newest first (pending, fired and cancelled)',
    tags,
    query: stockAlertListQuery,
    response: stockAlertListResponse,
    refusals,
  }),
  cancelStockAlert: endpoint({
    method: 'POST',
    path: '/api/innotification/stockalerts/:id/cancel',
    access: signedIn,
    summary: 'Cancel one of the caller’s pending stock alerts',
    description: 'Another person’s alert, or one that fired or was cancelled already, answers 404.',
    tags,
    params: stockAlertParams,
    response: stockAlertCancelResponse,
    refusals: { ...refusals, 404: errorBody },
  }),
  list: endpoint({
    method: 'GET',
    path: '/api/innotification/notifications',
    access: signedIn,
    summary: 'The caller’s notifications, newest first, a page at a time, with the unread count',
    tags,
    query: notificationListQuery,
    response: notificationListResponse,
    refusals,
  }),
  unread: endpoint({
    method: 'GET',
    path: '/api/innotification/unread',
    access: signedIn,
    summary: 'How many of the caller’s notifications are unread (the bell’s badge)',
    tags,
    response: unreadResponse,
    refusals,
  }),
  markRead: endpoint({
    method: 'POST',
    path: '/api/innotification/notifications/:id/read',
    access: signedIn,
    summary: 'Mark one of the caller’s notifications read; answers the unread count',
    description: 'Another person’s notification answers 404.',
    tags,
    params: notificationParams,
    response: unreadResponse,
    refusals: { ...refusals, 404: errorBody },
  }),
  markAllRead: endpoint({
    method: 'POST',
    path: '/api/innotification/readall',
    access: signedIn,
    summary: 'Mark every notification of the caller read',
    tags,
    response: unreadResponse,
    refusals,
  }),
};
