import { BUSINESS_TIME_ZONE } from './jqgrid.ts';

/** Today in Spain (the business's days), yyyy-MM-dd. */
export function businessToday(now: Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: BUSINESS_TIME_ZONE }).format(now);
}
