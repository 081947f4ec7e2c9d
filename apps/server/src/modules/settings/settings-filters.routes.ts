import { RANK } from '@portal/contract/constants';
import { DOCUMENT_LOG_GRID, documentLogGridResponse } from '@portal/contract/documents';
import { errorBody } from '@portal/contract/errors';
import { filterOptions, gridQuery } from '@portal/contract/grids';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type Db, queryRows } from '../../db/client.ts';
import { gridSpec, planGrid, runGrid } from '../../lib/jqgrid.ts';
import { isoTimestamp } from '../../lib/sql-format.ts';

const tags = ['settings'];
const P = '/api/insettings';

/** The document log grid's allow-list over `document_logs d`. */
export const DOCUMENT_LOG_SPEC = gridSpec(
  DOCUMENT_LOG_GRID,
  {
    Document_Id: sql`d.document_id`,
    Document_Type: { column: sql`d.document_type`, integer: true },
    Extension_Cod: { column: sql`d.extension_cod`, integer: true },
    Fecha: sql`d.fecha`,
    UserName: sql`d.username`,
    Client_Id: sql`d.client_id`,
    Log_Cod: { column: sql`d.log_cod`, integer: true },
  },
  sql`d.id`,
);

/** Settings helpers used by the document grids: the options of their store and delivery-mode filters. */
export const settingsFiltersRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(`${P}/GetAllStoresjqFilter`, {
    config: { auth: 'user' },
    schema: {
      tags,
      summary: 'Stores for a grid filter: the rule is INVENTLOCATIONID eq {id}',
      response: { 200: filterOptions },
    },
    handler: () => queryRows<{ id: string; name: string }>(db, sql`select id, name from stores order by name, id`),
  });

  app.get(`${P}/GetAllDlvModesjqFilter`, {
    config: { auth: 'user' },
    schema: {
      tags,
      summary: 'Delivery modes for a grid filter: the rule is DLVMODE eq {id}',
      response: { 200: filterOptions },
    },
    handler: () =>
      queryRows<{ id: string; name: string }>(db, sql`select id, name from delivery_modes order by sort, name, id`),
  });

  app.get(`${P}/GetLogDocumentsJqGrid`, {
    config: { auth: { rank: RANK.admin } },
    schema: {
      tags,
      summary: 'Grid of the document download log (jqGrid protocol; default sort Fecha desc)',
      querystring: gridQuery,
      response: { 200: documentLogGridResponse, 400: errorBody, 401: errorBody, 403: errorBody },
    },
    handler: (request) =>
      runGrid(db, planGrid(DOCUMENT_LOG_SPEC, request.query), {
        table: 'document_logs',
        alias: 'd',
        key: 'id',
        scope: [],
        project: (page) => sql`
          select d.id::int as "Id", d.document_id as "Document_Id", d.document_type::int as "Document_Type",
                 d.extension_cod::int as "Extension_Cod", ${isoTimestamp(sql`d.fecha`)} as "Fecha",
                 d.user_id::text as "User_Id", d.username as "UserName", d.client_id as "Client_Id",
                 d.log_cod::int as "Log_Cod"
          from ${page} d`,
      }),
  });
};
