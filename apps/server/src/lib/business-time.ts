/**
 * The business's time zone (decision 0071): the days of documents, grids, returns, statistics and the download limit
 * are days in Spain, whatever the server's or the database's zone. The one place that names it; the boundary check
 * refuses the zone's name written anywhere else in the server, the web or the contract.
 */
export const BUSINESS_TIME_ZONE = 'Europe/Madrid';

/** The zone as an SQL string literal for `at time zone` (a constant of the code, never a request's value). */
export const BUSINESS_TIME_ZONE_LITERAL = `'${BUSINESS_TIME_ZONE}'`;

/** Today in Spain (the business's days), yyyy-MM-dd. */
export function businessToday(now: Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: BUSINESS_TIME_ZONE }).format(now);
}
