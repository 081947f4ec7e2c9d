import { errorBody } from '@portal/contract/errors';
import {
  type StatsPeriod,
  statsByDateGridQuery,
  statsByNameGridQuery,
  statsExportQuery,
  statsGridResponse,
  statsSeriesQuery,
  statsSeriesResponse,
} from '@portal/contract/stats';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { attachment } from '../../lib/storage-root.ts';
import { callerOf } from '../../plugins/auth.ts';
import type { StatsRepository } from './stats.repository.ts';
import type { NameKind, StatsService } from './stats.service.ts';
import { STATS_EXCEL_KEYS, statsXlsx } from './stats-excel.ts';

const tags = ['stats'];
const P = '/api/instats';
const refusals = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody };
const scoping =
  'Admins see every client (or `c_id`) and every store (or `almacen`); a customer sees their own client only: ' +
  'another client is 404, a store filter 403. Dates yyyy-MM-dd; the default range is last month to today.';

/** Statistics of what was ordered through the portal (spec part 2 §7 "Articles and stats"; decision 0044). */
export const statsRoutes: FastifyPluginAsyncZod<{ service: StatsService; repo: StatsRepository }> = async (
  app,
  { service, repo },
) => {
  app.get(`${P}/getstatsbydate`, {
    config: { auth: 'user' },
    schema: {
      tags,
      summary: 'The whole series of a range by period (periodo_cod 1 day, 2 week, 3 month, 4 year) for the chart',
      description: `\`id\` is the client (as \`c_id\`). Every period of the range is present. ${scoping}`,
      querystring: statsSeriesQuery,
      response: { 200: statsSeriesResponse, ...refusals },
    },
    handler: async (request) => {
      const q = request.query;
      const scope = await service.scopeOf(callerOf(request), { ...q, c_id: q.id ?? q.c_id });
      const { rows, summary } = await service.byDate(scope, service.rangeOf(q), q.periodo_cod as StatsPeriod);
      return { ...summary, rows };
    },
  });

  app.get(`${P}/GetStatsByDateJqGrid`, {
    config: { auth: 'user' },
    schema: {
      tags,
      summary: 'Amount (Importe) and quantity (Cantidad) by period, with the previous period beside (jqGrid)',
      description: `Default sort Fecha asc; \`userdata\` holds the totals and the previous period's. ${scoping}`,
      querystring: statsByDateGridQuery,
      response: { 200: statsGridResponse, ...refusals },
    },
    handler: async (request) => {
      const q = request.query;
      const scope = await service.scopeOf(callerOf(request), q);
      const { rows, summary } = await service.byDate(scope, service.rangeOf(q), q.periodo_cod as StatsPeriod);
      return service.page(rows, summary, q, { sidx: 'Fecha', sord: 'asc' });
    },
  });

  const byName = (path: string, kind: NameKind, what: string) =>
    app.get(`${P}/${path}`, {
      config: { auth: 'user' },
      schema: {
        tags,
        summary: `Amount and quantity by ${what}, with the previous period beside (jqGrid; default Importe desc)`,
        description: scoping,
        querystring: statsByNameGridQuery,
        response: { 200: statsGridResponse, ...refusals },
      },
      handler: async (request) => {
        const q = request.query;
        const scope = await service.scopeOf(callerOf(request), q);
        const { rows, summary } = await service.byName(scope, kind, service.rangeOf(q), q.lang ?? 'es');
        return service.page(rows, summary, q, { sidx: 'Importe', sord: 'desc' });
      },
    });
  byName(
    'GetStatsByModelJqGrid',
    'model',
    'vehicle model, as recorded when the article was put in the cart (Codigo "" without a vehicle)',
  );
  byName('GetStatsByFamilyJqGrid', 'family', 'family');

  app.get(`${P}/export`, {
    config: { auth: 'user' },
    schema: {
      tags,
      summary: 'One statistics screen (kind date, family or model) as an Excel workbook, every row of the range',
      description: scoping,
      querystring: statsExportQuery,
      produces: ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
      response: { 200: z.any().describe('the .xlsx file'), ...refusals },
    },
    handler: async (request, reply) => {
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
    },
  });
};
