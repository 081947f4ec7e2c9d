import type { TokenResponse } from '@portal/contract/account';
import { type AuthData, getAuth, setAuth } from '@/lib/auth-storage';

/**
 * The staff member's own session waits here while they act as a customer's user (decision 0035). A logout
 * clears it with everything else; "Volver" puts it back.
 */
const ACTOR_KEY = 'actorAuthorizationData';

export function isActing(): boolean {
  try {
    return localStorage.getItem(ACTOR_KEY) !== null;
  } catch {
    return false;
  }
}

/** Keeps the caller's session aside and signs in as the user (the acting session is not renewed). */
export function enterActing(tokens: TokenResponse): void {
  const own = getAuth();
  if (!own) return;
  localStorage.setItem(ACTOR_KEY, JSON.stringify(own));
  setAuth({ token: tokens.access_token, userName: tokens.userName, refreshToken: '', useRefreshTokens: false });
}

/** Puts the staff member's own session back; false when there is none to return to. */
export function leaveActing(): boolean {
  let own: AuthData | null = null;
  try {
    own = JSON.parse(localStorage.getItem(ACTOR_KEY) ?? 'null') as AuthData | null;
  } catch {
    own = null;
  }
  localStorage.removeItem(ACTOR_KEY);
  if (!own?.token) return false;
  setAuth(own);
  return true;
}
