import { useSyncExternalStore } from 'react';

/** Authorization data kept in localStorage (spec part 1 §3: token, userName, refreshToken, useRefreshTokens). */
export type AuthData = {
  token: string;
  userName: string;
  refreshToken: string;
  useRefreshTokens: boolean;
};

const AUTH_KEY = 'authorizationData';
/**
 * Keys that survive a logout: the chosen language is a preference of the browser, not of the session; each
 * user's grid columns (`portal.grid-columns.<user>.<grid>`, decision 0021) are that user's preference.
 */
const KEPT_ON_LOGOUT = new Set(['lang']);
const KEPT_PREFIXES_ON_LOGOUT = ['portal.grid-columns.'];

const listeners = new Set<() => void>();
let cachedRaw: string | null | undefined;
let cachedValue: AuthData | null = null;

function notify(): void {
  for (const listener of listeners) listener();
}

function isAuthData(value: unknown): value is AuthData {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return typeof v.token === 'string' && v.token.length > 0 && typeof v.userName === 'string';
}

export function getAuth(): AuthData | null {
  let raw: string | null = null;
  try {
    raw = localStorage.getItem(AUTH_KEY);
  } catch {
    raw = null;
  }
  if (raw === cachedRaw) return cachedValue;
  cachedRaw = raw;
  try {
    const parsed: unknown = raw ? JSON.parse(raw) : null;
    cachedValue = isAuthData(parsed)
      ? {
          token: parsed.token,
          userName: parsed.userName,
          refreshToken: typeof parsed.refreshToken === 'string' ? parsed.refreshToken : '',
          useRefreshTokens: parsed.useRefreshTokens === true,
        }
      : null;
  } catch {
    cachedValue = null;
  }
  return cachedValue;
}

export function isSignedIn(): boolean {
  return getAuth() !== null;
}

export function setAuth(data: AuthData): void {
  localStorage.setItem(AUTH_KEY, JSON.stringify(data));
  notify();
}

/** Logout: clears every locally stored value except the language preference. */
export function clearAuth(): void {
  try {
    const keys: string[] = [];
    for (let i = 0; i < localStorage.length; i++) {
      const key = localStorage.key(i);
      if (key && !KEPT_ON_LOGOUT.has(key) && !KEPT_PREFIXES_ON_LOGOUT.some((p) => key.startsWith(p))) keys.push(key);
    }
    for (const key of keys) localStorage.removeItem(key);
  } catch {
    // storage unavailable: nothing to clear
  }
  notify();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === AUTH_KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** The stored authorization data, re-rendering on sign-in, refresh and logout (also from other tabs). */
export function useAuth(): AuthData | null {
  return useSyncExternalStore(subscribe, getAuth, () => null);
}
