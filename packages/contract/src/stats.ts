/**
 * Statistics of what was ordered through the portal (spec part 2 §2 Stats, §3 Stats rows, §7 /api/instats, §9;
 * decision 0044): by period, by vehicle model and by family, with the previous period beside.
 */
import { z } from 'zod';
import { LANGUAGE_KEYS, RANK } from './constants.ts';
import { type EndpointDef, endpoint } from './endpoint.ts';
import { errorBody } from './errors.ts';

/** Period codes of GetStatsByDateJqGrid (`periodo_cod`); the default is 3, a month. */
export const STATS_PERIODS = { day: 1, week: 2, month: 3, year: 4 } as const;
export type StatsPeriod = (typeof STATS_PERIODS)[keyof typeof STATS_PERIODS];
export const STATS_PERIOD_CODES = [1, 2, 3, 4] as const;
export const STATS_DEFAULT_PERIOD: StatsPeriod = STATS_PERIODS.month;
/** The longest range a query may ask for, in days (three years; the budget is measured over two). */
export const STATS_MAX_DAYS = 1100;
export const STATS_KINDS = ['date', 'family', 'model'] as const;
export type StatsKind = (typeof STATS_KINDS)[number];

export const STATS_MESSAGES = {
  dateInvalid: 'WARN_StatsDateInvalid',
  rangeInverted: 'WARN_StatsDateRange',
  rangeTooLong: 'WARN_StatsRangeTooLong',
  periodInvalid: 'WARN_StatsPeriodInvalid',
} as const;

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A calendar day written yyyy-MM-dd that exists (2026-02-30 does not). */
export function isStatsDay(value: string): boolean {
  if (!DAY.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}

/** Days from `a` to `b` (yyyy-MM-dd), counting both: 1 when they are the same day. */
export function daysBetween(a: string, b: string): number {
  return Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000) + 1;
}

export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** The default range: the same day of the previous month (the last day when it has fewer days) to `today`. */
export function defaultStatsRange(today: string): { dateIni: string; dateEnd: string } {
  const [y, m, d] = today.split('-').map(Number) as [number, number, number];
  const lastDay = new Date(Date.UTC(y, m - 1, 0)).getUTCDate();
  const start = new Date(Date.UTC(y, m - 2, Math.min(d, lastDay)));
  return { dateIni: start.toISOString().slice(0, 10), dateEnd: today };
}

/** The previous period: as many days as the range, ending the day before it starts. */
export function previousRange(dateIni: string, dateEnd: string): { dateIni: string; dateEnd: string } {
  const days = daysBetween(dateIni, dateEnd);
  return { dateIni: addDays(dateIni, -days), dateEnd: addDays(dateIni, -1) };
}

const emptyToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);
const day = z.preprocess(
  emptyToUndefined,
  z.string().max(10).refine(isStatsDay, { message: STATS_MESSAGES.dateInvalid }).optional(),
);
const account = z.preprocess(emptyToUndefined, z.string().trim().min(1).max(20).optional());

/** The range and filters every statistics call takes; missing dates are the default range (decision 0044). */
const filterShape = {
  dateIni: day,
  dateEnd: day,
  /** A client (admins any; a customer only their own, another is 404). */
  c_id: account,
  /** A store (admins only). */
  almacen: account,
  /** The language of the names (families, "without a vehicle") and of the export; Spanish by default. */
  lang: z.preprocess(emptyToUndefined, z.enum(LANGUAGE_KEYS).optional()),
};

/** The range's rules, on every statistics query: the end not before the start, at most STATS_MAX_DAYS. */
function checkRange(q: { dateIni?: string; dateEnd?: string }, ctx: z.RefinementCtx) {
  if (!q.dateIni || !q.dateEnd) return;
  if (q.dateIni > q.dateEnd) ctx.addIssue({ code: 'custom', message: STATS_MESSAGES.rangeInverted, path: ['dateEnd'] });
  else if (daysBetween(q.dateIni, q.dateEnd) > STATS_MAX_DAYS) {
    ctx.addIssue({ code: 'custom', message: STATS_MESSAGES.rangeTooLong, path: ['dateEnd'] });
  }
}

const period = z.preprocess(
  (v) => emptyToUndefined(v) ?? STATS_DEFAULT_PERIOD,
  z.coerce
    .number()
    .int()
    .refine((v) => (STATS_PERIOD_CODES as readonly number[]).includes(v), { message: STATS_MESSAGES.periodInvalid }),
);

export const STATS_SORT_FIELDS = ['Fecha', 'Nombre', 'Importe', 'Cantidad'] as const;
export const STATS_PAGE_SIZES = [10, 20, 30] as const;
const paging = {
  page: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(100_000).default(1)),
  rows: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(1000).default(10)),
  sidx: z.preprocess(emptyToUndefined, z.enum(STATS_SORT_FIELDS).optional()),
  sord: z.preprocess(
    (v) => (typeof v === 'string' ? v.toLowerCase() || undefined : v),
    z.enum(['asc', 'desc']).optional(),
  ),
};

/** The filters alone (the range and, for admins, client and store). */
export const statsFilters = z.object(filterShape).superRefine(checkRange);
export type StatsFilters = z.infer<typeof statsFilters>;
/** GetStatsByDateJqGrid: the range, the period (`periodo_cod`) and jqGrid paging. */
export const statsByDateGridQuery = z
  .object({ ...filterShape, periodo_cod: period, ...paging })
  .superRefine(checkRange);
export type StatsByDateGridQuery = z.infer<typeof statsByDateGridQuery>;
/** GetStatsByFamilyJqGrid and GetStatsByModelJqGrid. */
export const statsByNameGridQuery = z.object({ ...filterShape, ...paging }).superRefine(checkRange);
export type StatsByNameGridQuery = z.infer<typeof statsByNameGridQuery>;
/** getstatsbydate: the whole series of a range for the chart; `id` is the client (as c_id). */
export const statsSeriesQuery = z.object({ ...filterShape, id: account, periodo_cod: period }).superRefine(checkRange);
export type StatsSeriesQuery = z.infer<typeof statsSeriesQuery>;
/** The Excel export of one screen: every row of the range, with the previous period beside. */
export const statsExportQuery = z
  .object({ ...filterShape, kind: z.enum(STATS_KINDS), periodo_cod: period })
  .superRefine(checkRange);
export type StatsExportQuery = z.infer<typeof statsExportQuery>;

/** A stats row (part 2 §3): Fecha (by date) or Nombre (model, family), Importe, Cantidad; and the previous period's. */
export const statsRow = z.object({
  Fecha: z.string().optional(),
  Nombre: z.string().optional(),
  /** The family code or the model id ('' for lines bought without a vehicle). */
  Codigo: z.string().optional(),
  Importe: z.number(),
  Cantidad: z.number(),
  ImporteAnterior: z.number(),
  CantidadAnterior: z.number(),
});
export type StatsRow = z.infer<typeof statsRow>;

export const statsTotals = z.object({ Importe: z.number(), Cantidad: z.number() });
export const statsSummary = z.object({
  dateIni: z.string(),
  dateEnd: z.string(),
  periodo_cod: z.number().int().optional(),
  totals: statsTotals,
  previous: statsTotals.extend({ dateIni: z.string(), dateEnd: z.string() }),
});
export type StatsSummary = z.infer<typeof statsSummary>;

export const statsGridResponse = z.object({
  page: z.number().int(),
  total: z.number().int(),
  records: z.number().int(),
  rows: z.array(statsRow),
  userdata: statsSummary,
});
export type StatsGridResponse = z.infer<typeof statsGridResponse>;

export const statsSeriesResponse = statsSummary.extend({ rows: z.array(statsRow) });
export type StatsSeriesResponse = z.infer<typeof statsSeriesResponse>;

const tags = ['stats'] as const;
const P = '/api/instats';
const refusals = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody };
/**
 * Who sees every client's and every store's statistics, and filters by them (`c_id`, `almacen`): admins. The calls
 * themselves are any user's (a customer sees their own client), so the server's scope and the screen's filters read
 * this rule, the latter with `mayCall`.
 */
export const STATS_ALL_CLIENTS = { access: { rank: RANK.admin } } as const satisfies Pick<EndpointDef, 'access'>;

const scoping =
  'Admins see every client (or `c_id`) and every store (or `almacen`); a customer sees their own client only: ' +
  'another client is 404, a store filter 403. Dates yyyy-MM-dd; the default range is last month to today.';

/** GetStatsByModelJqGrid and GetStatsByFamilyJqGrid: the same query and answer, by another name. */
const byName = <const Path extends `/${string}`>(path: Path, what: string) =>
  endpoint({
    method: 'GET',
    path,
    access: 'user',
    summary: `Amount and quantity by ${what}, with the previous period beside (jqGrid; default Importe desc)`,
    description: scoping,
    tags,
    query: statsByNameGridQuery,
    response: statsGridResponse,
    refusals,
  });

/**
 * The calls of the statistics (spec part 2 §7 "Articles and stats"; decision 0044; issue 24: each declared once):
 * any signed-in person, scoped to their own client unless an admin.
 */
export const statsCalls = {
  series: endpoint({
    method: 'GET',
    path: `${P}/getstatsbydate`,
    access: 'user',
    summary: 'The whole series of a range by period (periodo_cod 1 day, 2 week, 3 month, 4 year) for the chart',
    description: `\`id\` is the client (as \`c_id\`). Every period of the range is present. ${scoping}`,
    tags,
    query: statsSeriesQuery,
    response: statsSeriesResponse,
    refusals,
  }),
  byDate: endpoint({
    method: 'GET',
    path: `${P}/GetStatsByDateJqGrid`,
    access: 'user',
    summary: 'Amount (Importe) and quantity (Cantidad) by period, with the previous period beside (jqGrid)',
    description: `Default sort Fecha asc; \`userdata\` holds the totals and the previous period's. ${scoping}`,
    tags,
    query: statsByDateGridQuery,
    response: statsGridResponse,
    refusals,
  }),
  byModel: byName(
    `${P}/GetStatsByModelJqGrid`,
    'vehicle model, as recorded when the article was put in the cart (Codigo "" without a vehicle)',
  ),
  byFamily: byName(`${P}/GetStatsByFamilyJqGrid`, 'family'),
  export: endpoint({
    method: 'GET',
    path: `${P}/export`,
    access: 'user',
    summary: 'One statistics screen (kind date, family or model) as an Excel workbook, every row of the range',
    description: scoping,
    tags,
    query: statsExportQuery,
    produces: ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
    response: z.any().describe('the .xlsx file'),
    refusals,
  }),
};

/** What the screens send to a grid call (every filter and the paging; `periodo_cod` by date only). */
export type StatsGridInput = z.input<typeof statsByNameGridQuery> &
  Partial<Pick<z.input<typeof statsByDateGridQuery>, 'periodo_cod'>>;
