/**
 * The logs an admin reads (issue 14; spec part 2 §3, §9): the sign-in log of users (/api/inuser/GetUserLogs…) and,
 * with documents.ts's row, the document download log (/api/insettings/GetLogDocuments…), their grids and Excel
 * exports. The calls are declared in logs-calls.ts.
 */
import { z } from 'zod';
import { LANGUAGE_KEYS } from './constants.ts';
import { type GridDefinition, gridQuery, gridResponse } from './grids.ts';

/** The user log's page sizes (part 2 §9). */
export const USER_LOG_PAGE_SIZES = [10, 100, 1000, 10000] as const;

/** GET /api/inuser/GetUserLogsJqGrid (admins): the sign-in log (part 2 §3), fecha desc. */
export const USER_LOG_GRID = {
  columns: {
    username: { type: 'text', sortable: true, filterable: true },
    client_id: { type: 'text', sortable: true, filterable: true },
    message_Cod: { type: 'number', sortable: true, filterable: true },
    fecha: { type: 'datetime', sortable: true, filterable: true },
    ipaddress: { type: 'text', sortable: true, filterable: true },
    machinename: { type: 'text', sortable: true, filterable: true },
    useragent: { type: 'text', sortable: false, filterable: true },
    data: { type: 'text', sortable: false, filterable: true },
  },
  defaultSort: { sidx: 'fecha', sord: 'desc' },
  pageSizes: USER_LOG_PAGE_SIZES,
} as const satisfies GridDefinition;

/** The user log's query: the jqGrid protocol with its own page sizes. */
export const userLogGridQuery = gridQuery.extend({
  rows: z.preprocess(
    (v) => (v === '' || v === null || v === undefined ? undefined : v),
    z.coerce
      .number()
      .int()
      .refine((v) => (USER_LOG_PAGE_SIZES as readonly number[]).includes(v), 'rows: 10, 100, 1000 or 10000')
      .default(10),
  ),
});

/** message_Cod: 0 successful, 1 error, 2 blocked user, 3 blocked client, 4 no company (dictionary UI_UserLogCode_n). */
export const USER_LOG_CODES = [0, 1, 2, 3, 4] as const;

export const userLogRow = z.object({
  id: z.number().int(),
  username: z.string(),
  client_id: z.string().nullable(),
  message_Cod: z.number().int(),
  fecha: z.string(),
  ipaddress: z.string().nullable(),
  machinename: z.string().nullable(),
  useragent: z.string().nullable(),
  data: z.string().nullable(),
});
export type UserLogRow = z.infer<typeof userLogRow>;
export const userLogGridResponse = gridResponse(userLogRow);

/** The Excel export of a log grid: the filtered rows, at most this many. */
export const LOG_EXPORT_MAX_ROWS = 100_000;
/** GET …Excel of a log grid: the grid's sort and filters (no page), and the language of the titles. */
export const logExportQuery = gridQuery
  .pick({
    sidx: true,
    sord: true,
    _search: true,
    filters: true,
    searchField: true,
    searchString: true,
    searchOper: true,
  })
  .extend({ lang: z.enum(LANGUAGE_KEYS).default('es') });
export type LogExportQuery = z.input<typeof logExportQuery>;
