import type { PassThrough } from 'node:stream';
import type { LanguageKey } from '@portal/contract/constants';
import { LOG_EXPORT_MAX_ROWS, type UserLogRow } from '@portal/contract/logs';
import { logsCalls as c } from '@portal/contract/logs-calls';
import type { FastifyPluginAsync } from 'fastify';
import { endpointRoute } from '../../lib/endpoint-route.ts';
import type { DocumentLogRow, ExportQuery, LogsRepository } from './logs.repository.ts';
import type { ExportColumn } from './logs-excel.ts';
import { documentLogColumns, userLogColumns } from './logs-labels.ts';

/**
 * Both logs' grids and Excel exports (admins; part 2 §2 /setting/userlog, /setting/logdocument): declared in the
 * contract (`logsCalls`; issue 24) and registered from the declarations.
 */
export const logsRoutes: FastifyPluginAsync<{ repo: LogsRepository; clock: () => Date }> = async (
  app,
  { repo, clock },
) => {
  endpointRoute(app, c.userLogsGrid, (request) => repo.userLogs(request.query));

  endpointRoute(app, c.documentLogsGrid, (request) => repo.documentLogs(request.query));

  /** An Excel export: the rows the grid's filters select, in its order, streamed as a workbook. */
  const exportRoute = <Row>(
    e: typeof c.userLogsExcel | typeof c.documentLogsExcel,
    name: string,
    rows: (
      query: ExportQuery,
      options: { sheet: string; columns: ExportColumn<Row>[]; lang: LanguageKey; max: number },
    ) => PassThrough,
    columns: (lang: LanguageKey) => ExportColumn<Row>[],
  ) =>
    endpointRoute(app, e, (request, reply) => {
      const day = clock().toISOString().slice(0, 10);
      const stream = rows(request.query, {
        sheet: name,
        columns: columns(request.query.lang),
        lang: request.query.lang,
        max: LOG_EXPORT_MAX_ROWS,
      });
      return reply
        .type(e.produces[0])
        .header('Content-Disposition', `attachment; filename="${name}-${day}.xlsx"`)
        .send(stream);
    });

  exportRoute<UserLogRow>(c.userLogsExcel, 'userlog', repo.exportUserLogs, userLogColumns);
  exportRoute<DocumentLogRow>(c.documentLogsExcel, 'logdocument', repo.exportDocumentLogs, documentLogColumns);
};
