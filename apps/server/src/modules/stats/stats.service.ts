import {
  addDays,
  daysBetween,
  defaultStatsRange,
  previousRange,
  STATS_ALL_CLIENTS,
  STATS_PERIODS,
  type StatsPeriod,
  type StatsRow,
  type StatsSummary,
} from '@portal/contract/stats';
import { businessToday } from '../../lib/business-time.ts';
import type { Principal } from '../../plugins/auth.ts';
import { forbidden, notFound } from '../../plugins/errors.ts';
import type { DayFigure, KeyFigure, StatsRepository, StatsScope } from './stats.repository.ts';

/**
 * Statistics (decision 0044): who sees what (admins any client and store, customers their own client only), the
 * default range, the periods, and the previous period beside every figure.
 */

export type StatsRange = { dateIni: string; dateEnd: string };
export type NameKind = 'family' | 'model';
type Filters = { dateIni?: string; dateEnd?: string; c_id?: string; almacen?: string };
type Sorting = { sidx?: 'Fecha' | 'Nombre' | 'Importe' | 'Cantidad'; sord?: 'asc' | 'desc' };

const round2 = (n: number) => Math.round(n * 100) / 100;

/** The first day of the period that holds `day`: itself, its week's Monday, its month's or its year's first day. */
export function bucketOf(day: string, period: StatsPeriod): string {
  if (period === STATS_PERIODS.day) return day;
  if (period === STATS_PERIODS.month) return `${day.slice(0, 7)}-01`;
  if (period === STATS_PERIODS.year) return `${day.slice(0, 4)}-01-01`;
  const dow = new Date(`${day}T00:00:00Z`).getUTCDay();
  return addDays(day, -((dow + 6) % 7));
}

function nextBucket(start: string, period: StatsPeriod): string {
  if (period === STATS_PERIODS.day) return addDays(start, 1);
  if (period === STATS_PERIODS.week) return addDays(start, 7);
  const [y, m] = start.split('-').map(Number) as [number, number];
  if (period === STATS_PERIODS.year) return `${y + 1}-01-01`;
  return new Date(Date.UTC(y, m, 1)).toISOString().slice(0, 10);
}

/**
 * The periods of a range with their figures, every period present (zero when nothing was ordered), and beside each
 * the previous period's: each day of the previous range counts in the period of the day as many days later as the
 * range is long, so the previous figures of all periods add up to the previous range's total.
 */
export function periodRows(
  range: StatsRange,
  period: StatsPeriod,
  current: DayFigure[],
  previous: DayFigure[],
): StatsRow[] {
  const rows = new Map<string, StatsRow>();
  for (let b = bucketOf(range.dateIni, period); b <= range.dateEnd; b = nextBucket(b, period)) {
    rows.set(b, { Fecha: b, Importe: 0, Cantidad: 0, ImporteAnterior: 0, CantidadAnterior: 0 });
  }
  const shift = daysBetween(range.dateIni, range.dateEnd);
  for (const f of current) {
    const row = rows.get(bucketOf(f.day, period));
    if (row) {
      row.Importe += f.amount;
      row.Cantidad += f.quantity;
    }
  }
  for (const f of previous) {
    const row = rows.get(bucketOf(addDays(f.day, shift), period));
    if (row) {
      row.ImporteAnterior += f.amount;
      row.CantidadAnterior += f.quantity;
    }
  }
  return [...rows.values()].map((r) => ({
    ...r,
    Importe: round2(r.Importe),
    ImporteAnterior: round2(r.ImporteAnterior),
  }));
}

const total = (figures: { amount: number; quantity: number }[]) => ({
  Importe: round2(figures.reduce((s, f) => s + f.amount, 0)),
  Cantidad: figures.reduce((s, f) => s + f.quantity, 0),
});

function sortRows(rows: StatsRow[], sorting: Sorting, fallback: Required<Sorting>): StatsRow[] {
  const field = sorting.sidx ?? fallback.sidx;
  const dir = (sorting.sord ?? (sorting.sidx ? 'asc' : fallback.sord)) === 'desc' ? -1 : 1;
  const value = (r: StatsRow) => r[field] ?? '';
  return [...rows].sort((a, b) => {
    const x = value(a);
    const y = value(b);
    const c = typeof x === 'number' && typeof y === 'number' ? x - y : String(x).localeCompare(String(y), 'es');
    return c !== 0 ? c * dir : String(a.Fecha ?? a.Codigo ?? '').localeCompare(String(b.Fecha ?? b.Codigo ?? ''));
  });
}

export function statsService({ repo, clock }: { repo: StatsRepository; clock: () => Date }) {
  /** The rows a caller may read: admins choose client and store; a customer reads their own client only. */
  async function scopeOf(caller: Principal, filters: Filters): Promise<StatsScope> {
    if (caller.rank < STATS_ALL_CLIENTS.access.rank) {
      if (filters.almacen) throw forbidden();
      if (filters.c_id && filters.c_id !== caller.clientId) throw notFound();
      return { client: caller.clientId, store: '*' };
    }
    if (filters.c_id && !(await repo.clientExists(filters.c_id))) throw notFound();
    if (filters.almacen && !(await repo.storeExists(filters.almacen))) throw notFound();
    return { client: filters.c_id ?? '*', store: filters.almacen ?? '*' };
  }

  /** The asked range, the default one (last month to today) for what is missing. */
  function rangeOf(filters: Filters): StatsRange {
    const fallback = defaultStatsRange(businessToday(clock()));
    const dateEnd =
      filters.dateEnd ?? (filters.dateIni && filters.dateIni > fallback.dateEnd ? filters.dateIni : fallback.dateEnd);
    const dateIni = filters.dateIni ?? (dateEnd < fallback.dateIni ? dateEnd : fallback.dateIni);
    return { dateIni, dateEnd };
  }

  function summary(range: StatsRange, cur: StatsRow[] | KeyFigure[], prev: KeyFigure[] | DayFigure[], period?: number) {
    const p = previousRange(range.dateIni, range.dateEnd);
    const totals =
      cur.length > 0 && 'Importe' in cur[0]!
        ? {
            Importe: round2((cur as StatsRow[]).reduce((s, r) => s + r.Importe, 0)),
            Cantidad: (cur as StatsRow[]).reduce((s, r) => s + r.Cantidad, 0),
          }
        : total(cur as KeyFigure[]);
    const result: StatsSummary = { ...range, totals, previous: { ...p, ...total(prev) } };
    if (period !== undefined) result.periodo_cod = period;
    return result;
  }

  async function byDate(scope: StatsScope, range: StatsRange, period: StatsPeriod) {
    const p = previousRange(range.dateIni, range.dateEnd);
    const [current, previous] = await Promise.all([
      repo.days(scope, range.dateIni, range.dateEnd),
      repo.days(scope, p.dateIni, p.dateEnd),
    ]);
    const rows = periodRows(range, period, current, previous);
    return { rows, summary: summary(range, rows, previous, period) };
  }

  async function byName(scope: StatsScope, kind: NameKind, range: StatsRange, lang: string) {
    const p = previousRange(range.dateIni, range.dateEnd);
    const k = kind === 'family' ? 'F' : 'M';
    const [current, previous] = await Promise.all([
      repo.keys(scope, k, range.dateIni, range.dateEnd),
      repo.keys(scope, k, p.dateIni, p.dateEnd),
    ]);
    // Every key of either range: one sold before and not now shows with 0 and its previous figures.
    const prevByKey = new Map(previous.map((f) => [f.key, f]));
    const curByKey = new Map(current.map((f) => [f.key, f]));
    const keys = [...new Set([...curByKey.keys(), ...prevByKey.keys()])];
    const names =
      kind === 'family'
        ? await repo.texts(
            lang,
            keys.map((key) => `FAMILY_${key}`),
          )
        : await repo.modelNames(keys.filter((key) => key !== '').map(Number));
    const noVehicle = kind === 'model' ? (await repo.texts(lang, ['STATS_NoVehicle'])).get('STATS_NoVehicle') : '';
    const rows: StatsRow[] = keys.map((key) => {
      const f = curByKey.get(key) ?? { key, amount: 0, quantity: 0 };
      const before = prevByKey.get(key);
      const name =
        kind === 'family'
          ? `${f.key} ${names.get(`FAMILY_${f.key}`) ?? ''}`.trim()
          : f.key === ''
            ? (noVehicle ?? '')
            : (names.get(f.key) ?? f.key);
      return {
        Nombre: name,
        Codigo: f.key,
        Importe: round2(f.amount),
        Cantidad: f.quantity,
        ImporteAnterior: round2(before?.amount ?? 0),
        CantidadAnterior: before?.quantity ?? 0,
      };
    });
    return { rows, summary: summary(range, current, previous) };
  }

  return {
    scopeOf,
    rangeOf,
    byDate,
    byName,
    /** One page of rows in jqGrid's answer, the summary (totals, previous period) in `userdata`. */
    page(
      rows: StatsRow[],
      summary: StatsSummary,
      q: Sorting & { page: number; rows: number },
      fallback: Required<Sorting>,
    ) {
      const sorted = sortRows(rows, q, fallback);
      const totalPages = Math.max(1, Math.ceil(sorted.length / q.rows));
      const page = Math.min(q.page, totalPages);
      return {
        page,
        total: totalPages,
        records: sorted.length,
        rows: sorted.slice((page - 1) * q.rows, page * q.rows),
        userdata: summary,
      };
    },
    sortRows,
  };
}
export type StatsService = ReturnType<typeof statsService>;
