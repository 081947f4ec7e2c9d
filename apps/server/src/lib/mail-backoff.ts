/**
 * When a mail that could not be sent is tried again (decision 0053): an exponential back-off from 30 seconds,
 * doubling to a cap of one hour, each wait moved by a random jitter of ±20% so that the mails queued during an
 * outage do not all come back at once. A mail is tried for at least MAIL_RETRY_HOURS, then it is dead.
 */
export const MAIL_FIRST_RETRY_SECONDS = 30;
export const MAIL_RETRY_CAP_SECONDS = 3600;
export const MAIL_RETRY_JITTER = 0.2;
export const MAIL_RETRY_HOURS = 24;

/** The wait before the next attempt, in seconds, after `failed` failed attempts (1, 2, ...); `random` in [0, 1). */
export function mailRetryDelaySeconds(failed: number, random: number = Math.random()): number {
  const nominal = Math.min(MAIL_FIRST_RETRY_SECONDS * 2 ** Math.max(0, failed - 1), MAIL_RETRY_CAP_SECONDS);
  return Math.round(nominal * (1 - MAIL_RETRY_JITTER + 2 * MAIL_RETRY_JITTER * random));
}

/**
 * How many attempts a mail gets: as many as it takes for the shortest waits (every jitter at its lowest) to span
 * MAIL_RETRY_HOURS from the first attempt to the last.
 */
function attemptsSpanning(seconds: number): number {
  let span = 0;
  let attempts = 1;
  while (span < seconds) span += mailRetryDelaySeconds(attempts++, 0);
  return attempts;
}
export const MAIL_MAX_ATTEMPTS = attemptsSpanning(MAIL_RETRY_HOURS * 3600);
