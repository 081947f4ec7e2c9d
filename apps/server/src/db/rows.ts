/**
 * Pieces of row schemas for `queryRows(db, query, row)` (decision 0093): what each PostgreSQL type comes back as
 * on both drivers (PGlite and node-postgres answer alike: measured, and held by db/rows.test.ts).
 */
import { z } from 'zod';

/** A numeric's text as PostgreSQL writes it ("12.50", "-3", "1e-7" never: numeric has no exponent form). */
const NUMERIC_TEXT = /^-?\d+(\.\d+)?$/;

/**
 * numeric (money, quantities) and the sum() or avg() of one or of an integer: text on both drivers, read as a
 * number. A float8 or a value already converted in SQL (`::float8`) passes as it is.
 */
export const numeric = z.union([z.number(), z.string().regex(NUMERIC_TEXT)]).transform(Number);

/** int2/int4, and int8 (count(*), bigint ids: numbers through the int8 parser of db/client.ts, exact to 2^53). */
export const int = z.number().int();

/** timestamptz and date: text on both drivers ("2026-11-27 07:38:40.749+00", "2026-11-27"). */
export const pgText = z.string();

/** A row with its id (`returning id::int as id`). */
export const idRow = z.object({ id: int });

/** A row with one number, as `select count(*)::int as n` answers. */
export const countRow = z.object({ n: int });

/**
 * A row read only for being there: an existence check (`select 1 … limit 1`) or the rows an update or delete
 * returns to be counted. Its columns are not read, so none is checked.
 */
export const presenceRow = z.object({});
