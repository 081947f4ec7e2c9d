/**
 * The calls of the access area, each declared once (issue 24; decision 0062), over the schemas of access.ts: acting
 * as a client's user (decision 0035) and the two logs, their grids and Excel exports (admins).
 */
import { z } from 'zod';
import {
  ACTING_MAX_MINUTES,
  ACTING_SEARCH,
  actAsRequest,
  actingCandidates,
  actingCandidatesQuery,
  actingInfo,
  LOG_EXPORT_MAX_ROWS,
  logExportQuery,
  userLogGridQuery,
  userLogGridResponse,
} from './access.ts';
import { tokenResponse } from './account.ts';
import { RANK } from './constants.ts';
import { documentLogGridResponse } from './documents.ts';
import { endpoint } from './endpoint.ts';
import { errorBody } from './errors.ts';
import { gridQuery } from './grids.ts';

const admin = { rank: RANK.admin } as const;
const logRefusals = { 400: errorBody, 401: errorBody, 403: errorBody };
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
/** An Excel export's answer: the workbook's bytes, never serialised. */
const workbook = z.any().describe('The .xlsx workbook');

export const accessCalls = {
  actAs: endpoint({
    method: 'POST',
    path: '/api/account/actas',
    access: 'user',
    summary: `Act as a client's user for at most ${ACTING_MAX_MINUTES} minutes (admins, comerciales; a client admin as an ordinary user of their client)`,
    tags: ['account'],
    body: actAsRequest,
    response: tokenResponse,
    refusals: { 400: errorBody, 401: errorBody, 404: errorBody },
  }),
  actAsCandidates: endpoint({
    method: 'GET',
    path: '/api/account/actascandidates',
    access: 'user',
    summary: `The users the caller may act as whose user name, e-mail, client or client name holds q (at most ${ACTING_SEARCH.maxResults}); 403 to who may act as nobody`,
    tags: ['account'],
    query: actingCandidatesQuery,
    response: actingCandidates,
    refusals: { 400: errorBody, 401: errorBody, 403: errorBody },
  }),
  acting: endpoint({
    method: 'GET',
    path: '/api/account/acting',
    access: 'user',
    summary: 'While acting as a user: who acts and until when (null otherwise)',
    tags: ['account'],
    response: z.object({ acting: actingInfo.nullable() }),
  }),
  stopActing: endpoint({
    method: 'POST',
    path: '/api/account/stopacting',
    access: 'user',
    summary: 'Return from acting as a user: the acting session ends at once',
    tags: ['account'],
    response: z.object({ message: z.string() }),
    refusals: { 400: errorBody },
  }),
  userLogsGrid: endpoint({
    method: 'GET',
    path: '/api/inuser/GetUserLogsJqGrid',
    access: admin,
    summary: 'Grid of the sign-in log (jqGrid protocol; fecha desc; rows 10, 100, 1000 or 10000)',
    description: 'message_Cod: 0 successful, 1 error, 2 blocked user, 3 blocked client, 4 no company.',
    tags: ['logs'],
    query: userLogGridQuery,
    response: userLogGridResponse,
    refusals: logRefusals,
  }),
  documentLogsGrid: endpoint({
    method: 'GET',
    path: '/api/insettings/GetLogDocumentsJqGrid',
    access: admin,
    summary: 'Grid of the document download log (jqGrid protocol; default sort Fecha desc)',
    tags: ['logs'],
    query: gridQuery,
    response: documentLogGridResponse,
    refusals: logRefusals,
  }),
  userLogsExcel: endpoint({
    method: 'GET',
    path: '/api/inuser/GetUserLogsExcel',
    access: admin,
    summary: `The filtered sign-in log as an Excel workbook (the grid's filters and sort; at most ${LOG_EXPORT_MAX_ROWS} rows)`,
    tags: ['logs'],
    query: logExportQuery,
    produces: [XLSX],
    response: workbook,
    refusals: logRefusals,
  }),
  documentLogsExcel: endpoint({
    method: 'GET',
    path: '/api/insettings/GetLogDocumentsExcel',
    access: admin,
    summary: `The filtered document log as an Excel workbook (the grid's filters and sort; at most ${LOG_EXPORT_MAX_ROWS} rows)`,
    tags: ['logs'],
    query: logExportQuery,
    produces: [XLSX],
    response: workbook,
    refusals: logRefusals,
  }),
};
