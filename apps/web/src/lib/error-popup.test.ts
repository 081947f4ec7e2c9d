import type { NotificationInstance } from 'antd/es/notification/interface';
import { describe, expect, it } from 'vitest';
import { ApiError } from './api-error';
import {
  isRefusedWhileActing,
  registerNotificationApi,
  setPopupHostLoader,
  showAccessDenied,
  showErrorPopup,
} from './error-popup';

describe('error popups raised before the app has rendered', () => {
  it('mount the popup host as soon as the app says how, and show once it is there', () => {
    // A route loader's 403 can arrive before the app's first render has set the host's loader.
    showAccessDenied();
    let loads = 0;
    setPopupHostLoader(() => {
      loads += 1;
    });
    expect(loads).toBe(1);

    const shown: string[] = [];
    const api = { error: (args: { title?: unknown }) => void shown.push(String(args.title)) };
    registerNotificationApi(api as unknown as NotificationInstance);
    expect(shown).toEqual(['Acceso no permitido']);

    // Nothing waits any more: setting the loader again (React's strict mode runs effects twice) loads nothing.
    setPopupHostLoader(() => {
      loads += 1;
    });
    expect(loads).toBe(1);
    registerNotificationApi(null);
    setPopupHostLoader(null);
  });
});

describe('a 403 refusing a change while acting as a customer', () => {
  it('is a warning with its message, not the access-denied popup that ends a session', () => {
    setPopupHostLoader(() => {});
    const errors: string[] = [];
    const warnings: string[] = [];
    const api = {
      error: (args: { title?: unknown }) => void errors.push(String(args.title)),
      warning: (args: { description?: unknown }) => void warnings.push(String(args.description)),
    };
    registerNotificationApi(api as unknown as NotificationInstance);
    const acting = new ApiError({ status: 403, body: { message: 'WARN_NotWhileActing' }, raw: '' });
    const other = new ApiError({ status: 403, body: { message: 'WARN_Forbidden' }, raw: '' });
    expect(isRefusedWhileActing(acting)).toBe(true);
    expect(isRefusedWhileActing(other)).toBe(false);

    showErrorPopup(acting);
    expect(errors).toEqual([]);
    expect(warnings).toHaveLength(1);
    showErrorPopup(other);
    expect(errors).toEqual(['Acceso no permitido']);
    registerNotificationApi(null);
    setPopupHostLoader(null);
  });
});
