import type { Db } from '../../db/client.ts';
import { loginThrottleRepository } from './login-throttle.repository.ts';
import { randomToken } from './token.service.ts';

/**
 * Sign-in throttling with growing delays (docs/decisions/0003). Failures are counted, in the database so that
 * every instance sees them, per key:
 * - `ip:<ip>`, every failure from an IP: past the free attempts it waits, whatever user name it tries;
 * - `pair:<user>|<ip>`, the failures of a user name from an IP: past the free attempts that IP waits for that name;
 * - `user:<user>`, the failures of a user name from anywhere: it never makes anybody wait by itself, but while it
 *   is past its free attempts each IP that fails for that name waits at least as long as the name does;
 * - `device:<id>|<user>`, the failures on a device that signed in as that user before (its device mark): such an
 *   attempt is judged by this counter alone, so strangers failing from the same IP cannot keep the user out.
 * After `freeAttempts` failures each further failure doubles the wait (1 s, 2 s, 4 s, ...) up to a cap; failures
 * older than the forget window are forgotten. A success clears the counters of that user name, never the IP's.
 */
export type ThrottleOptions = { freeAttempts: number; maxDelaySeconds: { ip: number; user: number } };

/** One sign-in attempt: `device` is the id of the caller's device mark when the mark names this user. */
export type Attempt = { ip: string; username: string; device: string | null };

const FORGET_AFTER_MS = 60 * 60 * 1000;

const nameOf = (username: string) => username.trim().toLowerCase();

function keysOf(attempt: Attempt) {
  const user = nameOf(attempt.username);
  return {
    ip: `ip:${attempt.ip}`,
    user: `user:${user}`,
    pair: `pair:${user}|${attempt.ip}`,
    device: attempt.device ? `device:${attempt.device}|${user}` : null,
  };
}

export function loginThrottleStore(db: Db, options: ThrottleOptions) {
  const counters = loginThrottleRepository(db);
  function delaySeconds(failures: number, cap: number): number {
    if (failures <= options.freeAttempts) return 0;
    return Math.min(cap, 2 ** (failures - options.freeAttempts - 1));
  }

  /** Counts a failure on the key and makes it wait its delay, or `atLeast` seconds when longer; the wait. */
  async function fail(key: string, cap: number, now: Date, atLeast = 0): Promise<number> {
    const failures = await counters.countFailure(key, now, new Date(now.getTime() - FORGET_AFTER_MS));
    const wait = Math.max(atLeast, delaySeconds(failures, cap));
    if (wait > 0) await counters.block(key, new Date(now.getTime() + wait * 1000));
    return wait;
  }

  return {
    /** Seconds to wait before this attempt is checked, 0 when free to try. */
    async retryAfter(attempt: Attempt, now: Date): Promise<number> {
      const keys = keysOf(attempt);
      let wait = 0;
      for (const blockedUntil of await counters.blockedUntil(keys.device ? [keys.device] : [keys.ip, keys.pair])) {
        if (blockedUntil && blockedUntil > now) {
          wait = Math.max(wait, Math.ceil((blockedUntil.getTime() - now.getTime()) / 1000));
        }
      }
      return wait;
    },

    async recordFailure(attempt: Attempt, now: Date): Promise<void> {
      const keys = keysOf(attempt);
      const { ip, user } = options.maxDelaySeconds;
      if (keys.device) {
        await fail(keys.device, user, now);
        return;
      }
      const nameWait = await fail(keys.user, user, now);
      await fail(keys.ip, ip, now);
      await fail(keys.pair, user, now, nameWait);
    },

    /** After a success: the counters of that user name (from that IP, on that device) start again. */
    async clearUser(attempt: Attempt): Promise<void> {
      const keys = keysOf(attempt);
      await counters.clear([keys.user, keys.pair, ...(keys.device ? [keys.device] : [])]);
    },
  };
}
export type LoginThrottleStore = ReturnType<typeof loginThrottleStore>;

/** The cookie that marks a device on which users signed in successfully (sent to /token only). */
export const DEVICE_COOKIE = 'portal_device';
const DEVICE_MARK_USERS = 5;
export const DEVICE_MARK_MAX_AGE_SECONDS = 180 * 86_400;

/**
 * Device marks: `<id>:<tag>:<tag>….<mac>`, a random device id and a keyed tag of each user name that signed in
 * on the device (the most recent first, at most 5), signed with the server's key. The tags name nobody to
 * whoever reads the cookie; nobody without the key can make or change a mark.
 */
export function deviceMarks(mac: (purpose: string, value: string) => string) {
  const tagOf = (username: string) => mac('device-user', nameOf(username)).slice(0, 16);
  const read = (value: string | null) => {
    const dot = value?.lastIndexOf('.') ?? -1;
    if (!value || dot < 0) return null;
    const body = value.slice(0, dot);
    if (mac('device-mark', body) !== value.slice(dot + 1)) return null;
    const [id, ...tags] = body.split(':');
    return id ? { id, tags } : null;
  };
  return {
    /** The device id of a genuine mark that names this user, else null. */
    deviceOf(value: string | null, username: string): string | null {
      const mark = read(value);
      return mark?.tags.includes(tagOf(username)) ? mark.id : null;
    },

    /** The mark after a successful sign-in of the user on this device (a new device when there was none). */
    after(value: string | null, username: string): string {
      const mark = read(value);
      const tag = tagOf(username);
      const tags = [tag, ...(mark?.tags ?? []).filter((t) => t !== tag)].slice(0, DEVICE_MARK_USERS);
      const body = [mark?.id ?? randomToken().slice(0, 22), ...tags].join(':');
      return `${body}.${mac('device-mark', body)}`;
    },
  };
}
export type DeviceMarks = ReturnType<typeof deviceMarks>;
