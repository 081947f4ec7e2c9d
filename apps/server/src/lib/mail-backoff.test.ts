import { describe, expect, it } from 'vitest';
import {
  MAIL_FIRST_RETRY_SECONDS,
  MAIL_MAX_ATTEMPTS,
  MAIL_RETRY_CAP_SECONDS,
  MAIL_RETRY_JITTER,
  mailRetryDelaySeconds,
} from './mail-backoff.ts';

const retries = MAIL_MAX_ATTEMPTS - 1;
/** The span from the first attempt to the last, with every jitter at `random`. */
const span = (random: number) =>
  Array.from({ length: retries }, (_, i) => mailRetryDelaySeconds(i + 1, random)).reduce((a, b) => a + b, 0);

describe('mail back-off', () => {
  it('doubles from 30 seconds to a cap of one hour, without jitter in the middle of its range', () => {
    const nominal = [1, 2, 3, 4, 5, 6, 7, 8, 9, 30].map((failed) => mailRetryDelaySeconds(failed, 0.5));
    expect(nominal).toEqual([30, 60, 120, 240, 480, 960, 1920, 3600, 3600, 3600]);
  });

  it('retries first within a minute', () => {
    for (const random of [0, 0.5, 0.999]) {
      expect(mailRetryDelaySeconds(1, random)).toBeLessThanOrEqual(60);
      expect(mailRetryDelaySeconds(1, random) + mailRetryDelaySeconds(2, random)).toBeLessThanOrEqual(120);
    }
  });

  it('moves each wait by up to ±20% so that mails queued together spread out', () => {
    expect(mailRetryDelaySeconds(1, 0)).toBe(MAIL_FIRST_RETRY_SECONDS * (1 - MAIL_RETRY_JITTER));
    expect(mailRetryDelaySeconds(1, 0.999)).toBe(Math.round(MAIL_FIRST_RETRY_SECONDS * (1 + MAIL_RETRY_JITTER)));
    expect(mailRetryDelaySeconds(20, 0)).toBe(MAIL_RETRY_CAP_SECONDS * (1 - MAIL_RETRY_JITTER));
    const spread = new Set([0, 0.25, 0.5, 0.75, 0.999].map((r) => mailRetryDelaySeconds(5, r)));
    expect(spread.size).toBe(5);
  });

  it('tries a mail for at least 24 hours, and at most 37 hours, before it is dead', () => {
    expect(span(0)).toBeGreaterThanOrEqual(24 * 3600);
    // One attempt fewer would not span the day at the shortest waits: no attempt is wasted.
    expect(span(0) - mailRetryDelaySeconds(retries, 0)).toBeLessThan(24 * 3600);
    expect(span(0.999)).toBeLessThan(37 * 3600);
    expect(MAIL_MAX_ATTEMPTS).toBe(37);
  });
});
