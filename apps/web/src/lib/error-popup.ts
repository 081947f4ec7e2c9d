import { LIMITS } from '@portal/contract/constants';
import type { NotificationInstance } from 'antd/es/notification/interface';
import type { ApiError } from './api-error';
import { i18n, translateMessage } from './i18n';

/**
 * Error popups of spec part 1 §8. The app registers the notification instance that lives inside its
 * ConfigProvider (theme and locale). A popup raised before that (a route loader's call can fail before the
 * first render; /login has no component library, decision 0023) waits in a queue and shows as soon as the
 * instance is registered, unless it would already have disappeared (older than the popups' 6 s): a stale
 * popup is not shown on the next page.
 */
let instance: NotificationInstance | null = null;
let loadHost: (() => void) | null = null;

/**
 * The app says how to mount the popup host when the first popup is raised (its code loads then). A popup raised
 * before that (a route loader's call answered before the app's first render) has it mounted at once.
 */
export function setPopupHostLoader(load: (() => void) | null): void {
  loadHost = load;
  if (load && waiting.length > 0) load();
}
const waiting: { at: number; show: (api: NotificationInstance) => void }[] = [];

export function registerNotificationApi(api: NotificationInstance | null): void {
  instance = api;
  if (!api) return;
  const now = Date.now();
  for (const popup of waiting.splice(0)) if (now - popup.at < LIMITS.errorPopupMs) popup.show(api);
}

type Notifier = Pick<NotificationInstance, 'error' | 'warning'>;
type PopupArgs = Parameters<Notifier['error']>[0];

/**
 * Each popup's frame is named `error-popup`: the journeys tell a popup from an alert written in the page (both are
 * role="alert") by it, not by the component library's class names.
 */
const named = (args: PopupArgs): PopupArgs => ({
  ...args,
  props: { 'data-testid': 'error-popup' } as PopupArgs['props'],
});

function notifier(): Notifier {
  if (instance) {
    const api = instance;
    return { error: (args) => api.error(named(args)), warning: (args) => api.warning(named(args)) };
  }
  loadHost?.();
  return {
    error: (args) => void waiting.push({ at: Date.now(), show: (api) => api.error(named(args)) }),
    warning: (args) => void waiting.push({ at: Date.now(), show: (api) => api.warning(named(args)) }),
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

/** Staff acting as a customer may not change passwords, profiles or users: a message, not the end of the session. */
export function isRefusedWhileActing(error: ApiError): boolean {
  return error.status === 403 && error.body?.message === 'WARN_NotWhileActing';
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
  if ((status === 401 || status === 403) && !isRefusedWhileActing(error)) {
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
