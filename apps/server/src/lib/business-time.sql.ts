import { sql } from 'drizzle-orm';
import { BUSINESS_TIME_ZONE_LITERAL } from './business-time.ts';

/** The business's time zone (lib/business-time.ts) as an SQL fragment: `ts at time zone ${businessTimeZone}`. */
export const businessTimeZone = sql.raw(BUSINESS_TIME_ZONE_LITERAL);
