import { LIMITS } from '@portal/contract/constants';
import type { NotificationInstance } from 'antd/es/notification/interface';
import type { ApiError } from './api-error';
import { i18n, translateMessage } from './i18n';

/**
 * Error popups of spec part 1 §8. The app registers the notification instance that lives inside its
 * ConfigProvider (theme and locale). A popup raised before that (a route loader's call can fail before the
 * first render) waits in a queue and shows as soon as the instance is registered, so none is lost.
 */
let instance: NotificationInstance | null = null;
const waiting: ((api: NotificationInstance) => void)[] = [];

export function registerNotificationApi(api: NotificationInstance | null): void {
  instance = api;
  if (api) for (const show of waiting.splice(0)) show(api);
}

type Notifier = Pick<NotificationInstance, 'error' | 'warning'>;

function notifier(): Notifier {
  if (instance) return instance;
  return {
    error: (args) => void waiting.push((api) => api.error(args)),
    warning: (args) => void waiting.push((api) => api.warning(args)),
  };
}

const duration = LIMITS.errorPopupMs / 1000;

function ui(key: string, spanish: string): string {
  return i18n.exists(key) ? i18n.t(key) : spanish;
}

export function showAccessDenied(): void {
  notifier().error({
    key: 'access-denied',
    title: ui('UI_AccessDeniedTitle', 'Acceso no permitido'),
    description: ui('UI_AccessDeniedText', 'No tienes permisos para ver este contenido'),
    duration,
  });
}

export function showErrorPopup(error: ApiError): void {
  const { status, statusText, body, raw } = error;
  const title = `${status} ${statusText}`.trim();
  if (status === 0) {
    notifier().error({
      key: 'network',
      title: ui('UI_NetworkErrorTitle', 'Sin conexión'),
      description: ui('UI_NetworkErrorText', 'No se ha podido contactar con el servidor.'),
      duration,
    });
    return;
  }
  if (status === 401 || status === 403) {
    showAccessDenied();
    return;
  }
  if (status >= 500) {
    notifier().error({
      title,
      description: body?.exceptionmessage ?? translateMessage(body?.message) ?? '',
      duration,
    });
    return;
  }
  if (status === 404) {
    const text = [translateMessage(body?.message), body?.messagedetail ?? ''].filter(Boolean).join(' ');
    notifier().warning({ title, description: text || raw, duration });
    return;
  }
  const description = body?.error_description ?? (body?.message ? translateMessage(body.message) : raw);
  notifier().warning({ title, description, duration });
}
