import { RANK } from '@portal/contract/constants';
import { errorBody } from '@portal/contract/errors';
import {
  SYNC_MESSAGES,
  SYNC_PROCEDURES,
  type SyncProcName,
  syncDeleteTableRequest,
  syncDeleteTableResponse,
  syncErrors,
  syncIdParams,
  syncListResponse,
  syncQueuedResponse,
  syncRetryResponse,
  syncRunBody,
  syncRunMessages,
  syncRunsQuery,
  syncRunsResponse,
} from '@portal/contract/sync';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { businessToday } from '../../lib/business-time.ts';
import { callerOf } from '../../plugins/auth.ts';
import { badRequest, notFound } from '../../plugins/errors.ts';
import type { SyncRepository } from './sync.repository.ts';
import type { SyncRunner } from './sync.runner.ts';

const tags = ['sync'];
const P = '/api/insync';
const admin = { rank: RANK.admin } as const;
const refusals = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody };

declare module 'fastify' {
  interface FastifyInstance {
    /** This instance's sync runner (tests await `idle()` after a run or syncall). */
    syncRunner: SyncRunner;
  }
}

type Options = { repo: SyncRepository; runner: SyncRunner; clock: () => Date };

/** ERP synchronisation (spec part 2 §7 "Sync"; decisions 0045, 0046): admins only. */
export const syncRoutes: FastifyPluginAsyncZod<Options> = async (app, { repo, runner, clock }) => {
  app.get(`${P}/getlist`, {
    config: { auth: admin },
    schema: {
      tags,
      summary: 'The procedures with their last run (status, duration, rows read and written, progress), last error',
      description: '`running` is true while any run is queued or running (the screen then refreshes).',
      response: { 200: syncListResponse, ...refusals },
    },
    handler: async () => {
      const procedures = await repo.procedures(clock());
      const running = procedures.some((p) => p.lastRun && ['queued', 'running'].includes(p.lastRun.status));
      return { procedures, running };
    },
  });

  const queue = async (procs: SyncProcName[], by: string) => {
    const ids: number[] = [];
    for (const proc of procs) ids.push(await runner.request(proc, by));
    runner.kick();
    return { message: SYNC_MESSAGES.queued, runs: await repo.runsByIds(ids, clock()) };
  };

  app.post(`${P}/run`, {
    config: { auth: admin },
    schema: {
      tags,
      summary: 'Runs one procedure (procName): queued, then taken by an instance; its run when one is active already',
      body: syncRunBody,
      response: { 200: syncQueuedResponse, ...refusals },
    },
    handler: (request) => queue([request.body.procName as SyncProcName], callerOf(request).username),
  });

  app.post(`${P}/syncall`, {
    config: { auth: admin },
    schema: {
      tags,
      summary: 'Runs every procedure, in the screen’s order',
      response: { 200: syncQueuedResponse, ...refusals },
    },
    handler: (request) => queue([...SYNC_PROCEDURES], callerOf(request).username),
  });

  app.post(`${P}/deleteTable`, {
    config: { auth: admin },
    schema: {
      tags,
      summary: 'Deletes the documents of a table dated before 1 January of the validation year (after confirmation)',
      description:
        'iType 1 sales orders, 2 packing slips, 3 invoices; ivalue the validation year (2000 to the current year). ' +
        'The procedure imports no older document from then on (decision 0046).',
      body: syncDeleteTableRequest,
      response: { 200: syncDeleteTableResponse, ...refusals },
    },
    handler: async (request) => {
      const { iType, ivalue } = request.body;
      if (ivalue > Number(businessToday(clock()).slice(0, 4))) throw badRequest(SYNC_MESSAGES.yearInvalid);
      const deleted = await repo.deleteTable(iType, ivalue);
      return { message: SYNC_MESSAGES.tableDeleted, deleted, validationYear: ivalue };
    },
  });

  app.get(`${P}/getruns`, {
    config: { auth: admin },
    schema: {
      tags,
      summary: 'The log of runs, newest first (of one procedure or all), paged',
      querystring: syncRunsQuery,
      response: { 200: syncRunsResponse, ...refusals },
    },
    handler: (request) => repo.runs(request.query, clock()),
  });

  app.get(`${P}/getrunmessages/:id`, {
    config: { auth: admin },
    schema: {
      tags,
      summary: 'The messages of one run, in order',
      params: syncIdParams,
      response: { 200: syncRunMessages, ...refusals },
    },
    handler: async (request) => {
      const messages = await repo.messages(request.params.id);
      if (!messages) throw notFound();
      return messages;
    },
  });

  app.get(`${P}/geterrors`, {
    config: { auth: admin },
    schema: {
      tags,
      summary: 'The error queue: ERP changes that could not be applied and are not resolved yet',
      response: { 200: syncErrors, ...refusals },
    },
    handler: () => repo.openErrors(),
  });

  app.post(`${P}/retryerror/:id`, {
    config: { auth: admin },
    schema: {
      tags,
      summary: 'Applies a queued change again: resolved, or still failing with its new message',
      params: syncIdParams,
      response: { 200: syncRetryResponse, ...refusals },
    },
    handler: async (request) => {
      const result = await runner.retryError(request.params.id);
      if (!result.found) throw notFound();
      return {
        message: result.resolved ? SYNC_MESSAGES.errorResolved : SYNC_MESSAGES.errorStillFailing,
        resolved: result.resolved,
        error: result.error,
      };
    },
  });
};
