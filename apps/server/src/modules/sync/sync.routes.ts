import { syncCalls as c, SYNC_MESSAGES, SYNC_PROCEDURES, type SyncProcName } from '@portal/contract/sync';
import type { FastifyPluginAsync } from 'fastify';
import { businessToday } from '../../lib/business-time.ts';
import { endpointRoute } from '../../lib/endpoint-route.ts';
import { callerOf } from '../../plugins/auth.ts';
import { badRequest, notFound } from '../../plugins/errors.ts';
import type { SyncRepository } from './sync.repository.ts';
import type { SyncRunner } from './sync.runner.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** This instance's sync runner (tests await `idle()` after a run or syncall). */
    syncRunner: SyncRunner;
  }
}

type Options = { repo: SyncRepository; runner: SyncRunner; clock: () => Date };

/**
 * ERP synchronisation (spec part 2 §7 "Sync"; decisions 0045, 0046): admins only. The calls are declared in the
 * contract (`syncCalls`; issue 24) and registered from their declarations.
 */
export const syncRoutes: FastifyPluginAsync<Options> = async (app, { repo, runner, clock }) => {
  endpointRoute(app, c.list, async () => {
    const procedures = await repo.procedures(clock());
    const running = procedures.some((p) => p.lastRun && ['queued', 'running'].includes(p.lastRun.status));
    return { procedures, running };
  });

  const queue = async (procs: SyncProcName[], by: string) => {
    const ids: number[] = [];
    for (const proc of procs) ids.push(await runner.request(proc, by));
    runner.kick();
    return { message: SYNC_MESSAGES.queued, runs: await repo.runsByIds(ids, clock()) };
  };

  endpointRoute(app, c.run, (request) => queue([request.body.procName as SyncProcName], callerOf(request).username));

  endpointRoute(app, c.runAll, (request) => queue([...SYNC_PROCEDURES], callerOf(request).username));

  endpointRoute(app, c.deleteTable, async (request) => {
    const { iType, ivalue } = request.body;
    if (ivalue > Number(businessToday(clock()).slice(0, 4))) throw badRequest(SYNC_MESSAGES.yearInvalid);
    const deleted = await repo.deleteTable(iType, ivalue);
    return { message: SYNC_MESSAGES.tableDeleted, deleted, validationYear: ivalue };
  });

  endpointRoute(app, c.runs, (request) => repo.runs(request.query, clock()));

  endpointRoute(app, c.runMessages, async (request) => {
    const messages = await repo.messages(request.params.id);
    if (!messages) throw notFound();
    return messages;
  });

  endpointRoute(app, c.errors, () => repo.openErrors());

  endpointRoute(app, c.retryError, async (request) => {
    const result = await runner.retryError(request.params.id);
    if (!result.found) throw notFound();
    return {
      message: result.resolved ? SYNC_MESSAGES.errorResolved : SYNC_MESSAGES.errorStillFailing,
      resolved: result.resolved,
      error: result.error,
    };
  });
};
