/**
 * The calls of the logs, each declared once (issue 24; decision 0062), over the schemas of logs.ts and documents.ts:
 * the sign-in log and the document download log, their grids and Excel exports (admins).
 */
import { z } from 'zod';
import { RANK } from './constants.ts';
import { documentLogGridResponse } from './documents.ts';
import { endpoint } from './endpoint.ts';
import { errorBody } from './errors.ts';
import { gridQuery } from './grids.ts';
import { LOG_EXPORT_MAX_ROWS, logExportQuery, userLogGridQuery, userLogGridResponse } from './logs.ts';

const admin = { rank: RANK.admin } as const;
const logRefusals = { 400: errorBody, 401: errorBody, 403: errorBody };
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
/** An Excel export's answer: the workbook's bytes, never serialised. */
const workbook = z.any().describe('The .xlsx workbook');

/** The two logs' grids and Excel exports, admins only. */
export const logsCalls = {
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
