import type { SyncProcName } from '@portal/contract/sync';
import type { Db } from '../../db/client.ts';
import type { ErpSource } from './erp-source.ts';
import { APPLIERS, SyncItemError } from './sync-appliers.repository.ts';
import { syncRunsRepository } from './sync-runs.repository.ts';

/**
 * Sync runs as jobs in PostgreSQL (decision 0045). A run is a `sync_runs` row:
 * 1. **Queued** by `request` (run, syncall). The unique index on the active runs of a procedure means a second
 *    request while one is queued or running answers that one: a procedure never has two runs at once.
 * 2. **Claimed** by one instance (`for update skip locked`), which sets itself as the lease owner until
 *    `lease_until`; a run whose lease ran out (its instance stopped) is claimed again by any instance and goes
 *    on from the procedure's cursor (attempts counts the instances that took it).
 * 3. **Worked** a batch per transaction: the lease is checked and renewed, the changes are applied (one that
 *    fails goes to the error queue, inside a savepoint), the cursor, progress and counts move, all in that
 *    transaction. An instance that lost its lease writes nothing more.
 * 4. **Finished**: succeeded, or failed with the error when the ERP could not be read.
 */

export type SyncRunnerOptions = {
  db: Db;
  source: ErpSource;
  /** This instance's name in the leases. */
  owner: string;
  clock?: () => Date;
  leaseSeconds?: number;
  batchSize?: number;
  /** The portal's public URL: the links of the e-mails a change sends (a stock alert's; decision 0075). */
  baseUrl?: () => string;
  /** The web-order export (WebOrdersExport): one pass of the ERP import job. */
  exportWebOrders?: () => Promise<{ claimed: number; imported: number; failed: number }>;
  log?: { info: (obj: object, msg: string) => void; error: (obj: object, msg: string) => void };
};

export type ClaimedRun = { id: number; procName: SyncProcName; attempts: number; validationYear: number | null };
export type StepResult = 'more' | 'done' | 'lost';
class LostLease extends Error {}

export const SYNC_RUNNER_DEFAULTS = { leaseSeconds: 60, batchSize: 50 } as const;

export function syncRunner(options: SyncRunnerOptions) {
  const { db, source, owner } = options;
  const baseUrl = () => options.baseUrl?.() ?? '';
  const clock = options.clock ?? (() => new Date());
  const leaseSeconds = options.leaseSeconds ?? SYNC_RUNNER_DEFAULTS.leaseSeconds;
  const batchSize = options.batchSize ?? SYNC_RUNNER_DEFAULTS.batchSize;
  const until = () => new Date(clock().getTime() + leaseSeconds * 1000).toISOString();
  const now = () => clock().toISOString();
  const runs = syncRunsRepository(owner);
  const isItemError = (error: unknown) => error instanceof SyncItemError;

  async function message(tx: Db, runId: number, level: 'info' | 'warn' | 'error', text: string) {
    await runs.message(tx, runId, now(), level, text);
  }

  /** Renews the lease and moves the counters, or throws LostLease when another instance has the run. */
  async function renew(tx: Db, runId: number, read = 0, written = 0, total?: number | null) {
    if (!(await runs.renew(tx, runId, until(), read, written, total))) throw new LostLease();
  }

  /** Queues a run of `proc`, or answers the run of it already queued or running. */
  async function request(proc: SyncProcName, by: string | null): Promise<number> {
    const created = await runs.queue(db, proc, by, now());
    if (created !== null) return created;
    const active = await runs.active(db, proc);
    // It finished in between: queue another.
    return active ?? request(proc, by);
  }

  /** Takes the oldest queued run, or a running one whose lease ran out; null when there is none. */
  async function claim(): Promise<ClaimedRun | null> {
    const row = await runs.claim(db, now(), until());
    if (!row) return null;
    const run = { id: row.id, procName: row.proc_name, attempts: row.attempts, validationYear: row.validation_year };
    await message(
      db,
      run.id,
      run.attempts > 1 ? 'warn' : 'info',
      run.attempts > 1
        ? `Retomada por ${owner} (intento ${run.attempts}): la instancia anterior dejó de responder`
        : `Iniciada por ${owner}`,
    );
    return run;
  }

  /** The start of a first attempt: the source prepares, open errors of the procedure are retried, the total. */
  async function begin(run: ClaimedRun) {
    if (run.attempts === 1) await source.begin(run.procName, { db, now: clock() });
    if (run.attempts === 1) {
      const open = await runs.openErrors(db, run.procName);
      let resolved = 0;
      for (const id of open) if ((await retryError(id)).resolved) resolved++;
      if (open.length > 0)
        await message(db, run.id, 'info', `Cola de errores: ${resolved} de ${open.length} resueltos`);
    }
    const total = await source.pending(run.procName, await runs.cursor(db, run.procName), { db, now: clock() });
    await db.transaction(async (tx) => {
      // A run taken over keeps the total its first attempt counted (its progress goes on from there).
      await renew(tx, run.id, 0, 0, run.attempts === 1 ? total : undefined);
      if (run.attempts === 1) await message(tx, run.id, 'info', `${total ?? '?'} cambios pendientes en el ERP`);
    });
  }

  /** One batch of changes in one transaction: 'more' to come, 'done', or 'lost' (another instance has the run). */
  async function step(run: ClaimedRun): Promise<StepResult> {
    const apply = APPLIERS[run.procName];
    if (!apply) return 'done';
    try {
      return await db.transaction(async (tx) => {
        const cursor = await runs.cursor(tx, run.procName, true);
        await renew(tx, run.id);
        const changes = await source.changes(run.procName, cursor, batchSize, { db: tx, now: clock() });
        if (changes.length === 0) return 'done' as const;
        let written = 0;
        let skipped = 0;
        for (const change of changes) {
          try {
            const outcome = await runs.inSavepoint(
              tx,
              'sync_change',
              () => apply(tx, change, run.validationYear, baseUrl()),
              isItemError,
            );
            if (outcome === 'written') written++;
            else skipped++;
          } catch (error) {
            if (!(error instanceof SyncItemError)) throw error;
            await runs.queueError(tx, {
              proc: run.procName,
              runId: run.id,
              key: change.key,
              data: change.data,
              message: error.message,
              at: now(),
            });
            await message(tx, run.id, 'warn', `${change.key}: ${error.message}`);
          }
        }
        const last = changes[changes.length - 1]!.seq;
        await runs.setCursor(tx, run.procName, last);
        await renew(tx, run.id, changes.length, written);
        if (skipped > 0) {
          await message(
            tx,
            run.id,
            'info',
            `${skipped} documentos anteriores a ${run.validationYear} omitidos (año de validación)`,
          );
        }
        return changes.length < batchSize ? ('done' as const) : ('more' as const);
      });
    } catch (error) {
      if (error instanceof LostLease) return 'lost';
      throw error;
    }
  }

  async function finish(run: ClaimedRun, error: string | null) {
    await db.transaction(async (tx) => {
      const counts = await runs.finish(tx, run.id, error, now());
      if (!counts) return;
      await message(
        tx,
        run.id,
        error ? 'error' : 'info',
        error ? `Error: ${error}` : `Terminada: ${counts.rows_read} leídas, ${counts.rows_written} escritas`,
      );
    });
  }

  async function exportRun(run: ClaimedRun) {
    const exportWebOrders = options.exportWebOrders;
    if (!exportWebOrders) throw new Error('La exportación de pedidos web no está disponible en esta instancia');
    for (;;) {
      const pass = await exportWebOrders();
      const lost = await db
        .transaction(async (t) => {
          await renew(t, run.id, pass.claimed, pass.imported);
          if (pass.failed > 0) {
            await message(t, run.id, 'warn', `${pass.failed} pedidos web rechazados por el ERP (se reintentarán)`);
          }
          return false;
        })
        .catch((error) => {
          if (error instanceof LostLease) return true;
          throw error;
        });
      if (lost || pass.claimed === 0) return lost ? 'lost' : 'done';
    }
  }

  /** Works one claimed run to its end (or until its lease is lost). */
  async function execute(run: ClaimedRun): Promise<void> {
    try {
      await begin(run);
      if (run.procName === 'WebOrdersExport') {
        if ((await exportRun(run)) === 'lost') return;
      } else {
        for (;;) {
          const result = await step(run);
          if (result === 'lost') return;
          if (result === 'done') break;
        }
      }
      await finish(run, null);
    } catch (error) {
      if (error instanceof LostLease) return;
      const text = (error instanceof Error ? error.message : String(error)).slice(0, 500) || 'ERP error';
      options.log?.error({ run: run.id, proc: run.procName, err: text }, 'sync run failed');
      await finish(run, text);
    }
  }

  /** Works every claimable run, one after the other; answers how many. */
  async function drain(): Promise<number> {
    let n = 0;
    for (let run = await claim(); run; run = await claim()) {
      await execute(run);
      n++;
    }
    return n;
  }

  /** Puts a failed change through its applier again: resolved, or still failing (retries + 1). */
  async function retryError(id: number): Promise<{ resolved: boolean; error: string | null; found: boolean }> {
    return db.transaction(async (tx) => {
      const row = await runs.lockOpenError(tx, id);
      if (!row) return { resolved: false, error: null, found: false };
      const apply = APPLIERS[row.proc_name];
      try {
        await runs.inSavepoint(
          tx,
          'sync_retry',
          async () => {
            if (!apply) throw new SyncItemError('Procedimiento sin cambios que aplicar');
            await apply(tx, { seq: 0, key: row.item_key, data: row.payload }, row.year, baseUrl());
          },
          isItemError,
        );
      } catch (error) {
        if (!(error instanceof SyncItemError)) throw error;
        await runs.errorFailedAgain(tx, id, error.message);
        return { resolved: false, error: error.message, found: true };
      }
      await runs.errorResolved(tx, id, now());
      return { resolved: true, error: null, found: true };
    });
  }

  let draining: Promise<unknown> = Promise.resolve();
  let active = false;
  /** Starts draining in the background unless it already is (a run requested here starts at once). */
  function kick() {
    if (active) return;
    active = true;
    draining = drain()
      .catch((error) => options.log?.error({ err: error }, 'sync runner failed'))
      .finally(() => {
        active = false;
      });
  }

  /** Drains now and every `intervalMs` (takes over runs whose instance stopped) until stopped. */
  function start(intervalMs: number) {
    kick();
    const timer = setInterval(kick, intervalMs);
    timer.unref();
    return {
      async stop() {
        clearInterval(timer);
        await draining;
      },
    };
  }

  return {
    request,
    claim,
    begin,
    step,
    execute,
    finish,
    drain,
    retryError,
    kick,
    start,
    /** Resolves when the background drain started by `kick` has ended. */
    idle: async () => {
      while (active) await draining;
    },
  };
}
export type SyncRunner = ReturnType<typeof syncRunner>;
