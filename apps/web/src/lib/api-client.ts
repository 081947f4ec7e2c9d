import type { TokenResponse } from '@portal/contract/account';
import { accountCalls } from '@portal/contract/account-calls';
import { ApiError, errorFromResponse } from './api-error';
import { clearAuth, getAuth, setAuth } from './auth-storage';
import { isRefusedWhileActing, showAccessDenied, showErrorPopup } from './error-popup';
import { currentLanguage } from './i18n';
import { requestFinished, requestStarted } from './pending-requests';

export type QueryValue = string | number | boolean | null | undefined;

export type RequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: Record<string, QueryValue>;
  /** A JSON body. */
  json?: unknown;
  /** A form-urlencoded body (POST /token). */
  form?: Record<string, string | undefined>;
  /** Send the stored bearer token (default true). */
  auth?: boolean;
  /** No popup on failure: `true` for every status, or the statuses the caller shows itself (form errors). */
  silent?: boolean | readonly number[];
  /** How to read a successful reply (default: JSON when the server says so, else text). */
  as?: 'json' | 'text' | 'blob';
  signal?: AbortSignal;
};

type SessionEndHandler = () => void;
let onSessionEnd: SessionEndHandler = () => window.location.assign('/login');

/** The app tells the client how to reach /login (router navigation instead of a full reload). */
export function setSessionEndHandler(handler: SessionEndHandler): void {
  onSessionEnd = handler;
}

/** Clears the stored session and goes to /login (spec part 1 §4). */
export function endSession(): void {
  clearAuth();
  onSessionEnd();
}

export function buildUrl(path: string, query?: Record<string, QueryValue>): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) params.append(key, String(value));
  }
  const text = params.toString();
  return text ? `${path}${path.includes('?') ? '&' : '?'}${text}` : path;
}

function send(path: string, options: RequestOptions, token: string | null): Promise<Response> {
  // The language on screen: the server names what comes from the ERP in it (decision 0091).
  const headers: Record<string, string> = { Accept: 'application/json', 'Accept-Language': currentLanguage() };
  let body: BodyInit | undefined;
  if (options.form) {
    const form = new URLSearchParams();
    for (const [key, value] of Object.entries(options.form)) if (value !== undefined) form.append(key, value);
    body = form;
    headers['Content-Type'] = 'application/x-www-form-urlencoded';
  } else if (options.json !== undefined) {
    body = JSON.stringify(options.json);
    headers['Content-Type'] = 'application/json';
  }
  if (token) headers.Authorization = `Bearer ${token}`;
  return fetch(buildUrl(path, options.query), {
    method: options.method ?? (body ? 'POST' : 'GET'),
    headers,
    body,
    signal: options.signal,
    credentials: 'same-origin',
  });
}

let refreshing: Promise<boolean> | null = null;

async function refreshOnce(): Promise<boolean> {
  const auth = getAuth();
  if (!auth?.useRefreshTokens || !auth.refreshToken) return false;
  requestStarted();
  try {
    // POST /token as the contract declares it (form encoded), sent directly: through call() its refusal would come
    // back to this refresh.
    const { path, method } = accountCalls.token;
    const response = await send(
      path,
      { method, form: { grant_type: 'refresh_token', refresh_token: auth.refreshToken } },
      null,
    );
    if (!response.ok) return false;
    const data = (await response.json()) as Partial<TokenResponse>;
    if (!data.access_token) return false;
    setAuth({
      token: data.access_token,
      userName: data.userName ?? auth.userName,
      refreshToken: data.refresh_token ?? auth.refreshToken,
      useRefreshTokens: true,
    });
    return true;
  } catch {
    return false;
  } finally {
    requestFinished();
  }
}

/** One refresh at a time: concurrent 401s wait for the same one. */
export function refreshAccessToken(): Promise<boolean> {
  refreshing ??= refreshOnce().finally(() => {
    refreshing = null;
  });
  return refreshing;
}

function canRefresh(sentToken: string): boolean {
  const auth = getAuth();
  if (!auth) return false;
  return auth.token !== sentToken || (auth.useRefreshTokens && auth.refreshToken.length > 0);
}

function isSilent(options: RequestOptions, status: number): boolean {
  const { silent } = options;
  return silent === true || (Array.isArray(silent) && silent.includes(status));
}

async function readSuccess<T>(response: Response, as: RequestOptions['as']): Promise<T> {
  if (as === 'blob') return (await response.blob()) as T;
  const text = await response.text();
  if (as === 'text') return text as T;
  if (!text) return undefined as T;
  const type = response.headers.get('content-type') ?? '';
  if (as === 'json' || type.includes('json')) return JSON.parse(text) as T;
  return text as T;
}

/**
 * Calls the server: adds the bearer token, refreshes it once on a 401 and retries (no popup), ends the
 * session when the refresh fails, says "not allowed" on a 403 (the session goes on), and shows the error popups of
 * spec part 1 §8.
 */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  requestStarted();
  try {
    const useAuth = options.auth !== false;
    let token = useAuth ? (getAuth()?.token ?? null) : null;
    let response: Response;
    try {
      response = await send(path, options, token);
      if (response.status === 401 && token && canRefresh(token)) {
        // Another call may already have refreshed the token this one was sent with.
        const fresh = getAuth()?.token ?? null;
        const refreshed = fresh && fresh !== token ? true : await refreshAccessToken();
        if (!refreshed) {
          // Spec part 1 §2: a failed refresh goes to /login.
          endSession();
          throw new ApiError({ status: 401, body: null, raw: '' });
        }
        token = getAuth()?.token ?? null;
        response = await send(path, options, token);
      }
    } catch (error) {
      if (error instanceof ApiError) throw error;
      if (error instanceof DOMException && error.name === 'AbortError') throw error;
      const networkError = new ApiError({ status: 0, body: null, raw: String(error) });
      if (!isSilent(options, 0)) showErrorPopup(networkError);
      throw networkError;
    }

    if (response.ok) return await readSuccess<T>(response, options.as);

    const error = await errorFromResponse(response);
    // Staff acting as a customer may not change passwords, profiles or users (decision 0035): that refusal is a
    // message, not the end of the session.
    if (isRefusedWhileActing(error)) {
      if (!isSilent(options, response.status)) showErrorPopup(error);
      throw error;
    }
    if (response.status === 401 && useAuth) {
      // Signed out already (a query of the page being left refetched after the tokens were dropped): the
      // session has ended and the user is on /login; no popup for a request they did not make.
      if (!getAuth()) throw error;
      if (!isSilent(options, response.status)) showAccessDenied();
      // Only a 401 that a refresh could not mend ends the session.
      endSession();
      throw error;
    }
    if (response.status === 403) {
      // "Not allowed" is said, and the session goes on: a 403 of one call (a lookup the screen makes in the
      // background) must not sign anyone out and lose what they were typing (issue 25).
      if (getAuth() && !isSilent(options, response.status)) showAccessDenied();
      throw error;
    }
    if (!isSilent(options, response.status)) showErrorPopup(error);
    throw error;
  } finally {
    requestFinished();
  }
}
