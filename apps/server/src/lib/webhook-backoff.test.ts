import { describe, expect, it } from 'vitest';
import {
  WEBHOOK_MAX_ATTEMPTS,
  WEBHOOK_RETRY_CAP_SECONDS,
  WEBHOOK_RETRY_JITTER,
  webhookRetryDelaySeconds,
} from './webhook-backoff.ts';

const retries = WEBHOOK_MAX_ATTEMPTS - 1;
const span = (random: number) =>
  Array.from({ length: retries }, (_, i) => webhookRetryDelaySeconds(i + 1, random)).reduce((a, b) => a + b, 0);

describe('webhook back-off', () => {
  it('doubles from 10 seconds to a cap of one hour', () => {
    const nominal = [1, 2, 3, 4, 5, 9, 30].map((failed) => webhookRetryDelaySeconds(failed, 0.5));
    expect(nominal).toEqual([10, 20, 40, 80, 160, 2560, 3600]);
  });

  it('retries three times within the first minute and a half, whatever the jitter', () => {
    for (const random of [0, 0.5, 0.999]) {
      expect(webhookRetryDelaySeconds(1, random)).toBeLessThanOrEqual(15);
      const three = [1, 2, 3].map((n) => webhookRetryDelaySeconds(n, random)).reduce((a, b) => a + b);
      expect(three).toBeLessThanOrEqual(90);
    }
  });

  it('spreads the waits by up to ±25%', () => {
    expect(webhookRetryDelaySeconds(30, 0)).toBe(WEBHOOK_RETRY_CAP_SECONDS * (1 - WEBHOOK_RETRY_JITTER));
    expect(new Set([0, 0.25, 0.5, 0.75, 0.999].map((r) => webhookRetryDelaySeconds(6, r))).size).toBe(5);
  });

  it('tries a delivery for at least 24 hours before it is dead, and not much longer', () => {
    expect(span(0)).toBeGreaterThanOrEqual(24 * 3600);
    expect(span(0) - webhookRetryDelaySeconds(retries, 0)).toBeLessThan(24 * 3600);
    expect(span(0.999)).toBeLessThan(41 * 3600);
  });
});
