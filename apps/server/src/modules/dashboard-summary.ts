import { dashboardCalls } from '@portal/contract/common';
import { RANK } from '@portal/contract/constants';
import type { FastifyPluginAsync } from 'fastify';
import type { Db } from '../db/client.ts';
import { businessToday } from '../lib/business-time.ts';
import { endpointRoute } from '../lib/endpoint-route.ts';
import { documentScope } from '../lib/sql-format.sql.ts';
import { callerOf } from '../plugins/auth.ts';
import { dashboardSummaryRepository, monthBounds } from './dashboard-summary.repository.ts';

/**
 * GET /api/inclient/dashboardsummary (issue 25; decision 0090): the dashboard's blocks over orders, web orders,
 * returns and invoices, scoped as their grids are; staff also get what waits for them. Composes several areas' tables,
 * so it lives beside erp-documents.ts, which registers it.
 */
export const dashboardSummaryRoutes: FastifyPluginAsync<{ db: Db; clock: () => Date }> = async (app, { db, clock }) => {
  const repo = dashboardSummaryRepository(db);
  endpointRoute(app, dashboardCalls.summary, async (request) => {
    const caller = callerOf(request);
    const clientId = documentScope(caller);
    const { month, lastStart, start, nextStart } = monthBounds(businessToday(clock()));
    const [orders, webOrders, returns, thisMonth, lastMonth, staff] = await Promise.all([
      repo.latestOrders(clientId),
      repo.latestWebOrders(clientId),
      repo.openReturns(clientId),
      repo.invoiced(clientId, start, nextStart),
      repo.invoiced(clientId, lastStart, start),
      caller.rank >= RANK.admin ? repo.staffWaiting() : Promise.resolve(null),
    ]);
    return { orders, webOrders, returns, spending: { month, thisMonth, lastMonth }, staff };
  });
};
