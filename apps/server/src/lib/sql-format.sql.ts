import { RANK, type Rank } from '@portal/contract/constants';
import { type SQL, sql } from 'drizzle-orm';

/** A timestamptz as an ISO string in UTC (`2025-03-01T09:30:00.000Z`), the same from both drivers. */
export const isoTimestamp = (column: SQL) =>
  sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
/** A date as `YYYY-MM-DD`. */
export const isoDate = (column: SQL) => sql`to_char(${column}, 'YYYY-MM-DD')`;
/** A numeric as a JS number (money has 2 decimals: float8 carries them exactly enough to print). */
export const asNumber = (column: SQL) => sql`(${column})::float8`;

/**
 * The client whose documents a caller may see: their own, or null (all clients) for admins (DESIGN §3:
 * another client's document answers 404, as if it did not exist).
 */
export const documentScope = (principal: { rank: Rank; clientId: string }): string | null =>
  principal.rank >= RANK.admin ? null : principal.clientId;
