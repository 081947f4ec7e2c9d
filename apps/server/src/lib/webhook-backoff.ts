/**
 * When a webhook delivery that failed is tried again (decision 0059): an exponential back-off from 10 seconds,
 * doubling to a cap of one hour, each wait moved by a random jitter of ±25% so that the deliveries of an outage do not
 * all come back at once. The first retries come within a minute (10 s, 20 s, 40 s); a delivery is tried for at least
 * WEBHOOK_RETRY_HOURS, then it is dead until an admin sends it again.
 */
export const WEBHOOK_FIRST_RETRY_SECONDS = 10;
export const WEBHOOK_RETRY_CAP_SECONDS = 3600;
export const WEBHOOK_RETRY_JITTER = 0.25;
export const WEBHOOK_RETRY_HOURS = 24;

/** The wait before the next attempt, in seconds, after `failed` failed attempts (1, 2, ...); `random` in [0, 1). */
export function webhookRetryDelaySeconds(failed: number, random: number = Math.random()): number {
  const nominal = Math.min(WEBHOOK_FIRST_RETRY_SECONDS * 2 ** Math.max(0, failed - 1), WEBHOOK_RETRY_CAP_SECONDS);
  return Math.max(1, Math.round(nominal * (1 - WEBHOOK_RETRY_JITTER + 2 * WEBHOOK_RETRY_JITTER * random)));
}

/** As many attempts as it takes for the shortest waits (every jitter at its lowest) to span WEBHOOK_RETRY_HOURS. */
function attemptsSpanning(seconds: number): number {
  let span = 0;
  let attempts = 1;
  while (span < seconds) span += webhookRetryDelaySeconds(attempts++, 0);
  return attempts;
}
export const WEBHOOK_MAX_ATTEMPTS = attemptsSpanning(WEBHOOK_RETRY_HOURS * 3600);
