import { statsCalls as c, type StatsPeriod } from '@portal/contract/stats';
import type { FastifyPluginAsync } from 'fastify';
import { endpointRoute } from '../../lib/endpoint-route.ts';
import { attachment } from '../../lib/storage-root.ts';
import { callerOf } from '../../plugins/auth.ts';
import type { StatsRepository } from './stats.repository.ts';
import type { NameKind, StatsService } from './stats.service.ts';
import { STATS_EXCEL_KEYS, statsXlsx } from './stats-excel.ts';

/** Statistics of what was ordered through the portal (spec part 2 §7 "Articles and stats"; decision 0044). */
export const statsRoutes: FastifyPluginAsync<{ service: StatsService; repo: StatsRepository }> = async (
  app,
  { service, repo },
) => {
  endpointRoute(app, c.series, async (request) => {
    const q = request.query;
    const scope = await service.scopeOf(callerOf(request), { ...q, c_id: q.id ?? q.c_id });
    const { rows, summary } = await service.byDate(scope, service.rangeOf(q), q.periodo_cod as StatsPeriod);
    return { ...summary, rows };
  });

  endpointRoute(app, c.byDate, async (request) => {
    const q = request.query;
    const scope = await service.scopeOf(callerOf(request), q);
    const { rows, summary } = await service.byDate(scope, service.rangeOf(q), q.periodo_cod as StatsPeriod);
    return service.page(rows, summary, q, { sidx: 'Fecha', sord: 'asc' });
  });

  const byName = (call: typeof c.byModel | typeof c.byFamily, kind: NameKind) =>
    endpointRoute(app, call, async (request) => {
      const q = request.query;
      const scope = await service.scopeOf(callerOf(request), q);
      const { rows, summary } = await service.byName(scope, kind, service.rangeOf(q), q.lang ?? 'es');
      return service.page(rows, summary, q, { sidx: 'Importe', sord: 'desc' });
    });
  byName(c.byModel, 'model');
  byName(c.byFamily, 'family');

  endpointRoute(app, c.export, async (request, reply) => {
    const q = request.query;
    const lang = q.lang ?? 'es';
    const scope = await service.scopeOf(callerOf(request), q);
    const range = service.rangeOf(q);
    const { rows, summary } =
      q.kind === 'date'
        ? await service.byDate(scope, range, q.periodo_cod as StatsPeriod)
        : await service.byName(scope, q.kind, range, lang);
    const sorted = q.kind === 'date' ? rows : service.sortRows(rows, {}, { sidx: 'Importe', sord: 'desc' });
    const file = await statsXlsx(q.kind, sorted, summary, await repo.texts(lang, [...STATS_EXCEL_KEYS]));
    return reply
      .header('Content-Type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
      .header('Content-Disposition', attachment(`estadisticas-${q.kind}-${range.dateIni}-${range.dateEnd}.xlsx`))
      .header('Cache-Control', 'no-store')
      .send(file);
  });
};
