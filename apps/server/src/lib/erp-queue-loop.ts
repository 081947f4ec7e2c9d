/**
 * The loop of the jobs that send rows to the ERP one by one (web orders, return orders; decisions 0012 and 0030): a
 * pass claims the due rows (each under a lease) and processes them one by one, counting each outcome; `start` runs a
 * pass every `intervalMs`, never two at once, until stopped (stop waits for the running pass). The claim and the
 * back-off after a failure are SQL (db/erp-queue.ts); what a row's processing does is the job's.
 */
import { repeatEvery } from './repeat-every.ts';

export type ErpQueueLog = { info: (obj: object, msg: string) => void; error: (obj: object, msg: string) => void };

/** What a pass did: how many rows it claimed, and how many ended in each outcome. */
export type ErpQueuePass<Outcome extends string> = { claimed: number } & Record<Outcome, number>;

/** The text kept of a failure (the ERP's message, at most 500 characters). */
export const failureText = (error: unknown): string =>
  (error instanceof Error ? error.message : String(error)).slice(0, 500) || 'ERP error';

export function erpQueueLoop<Outcome extends string>(job: {
  /** The ids of the due rows, now leased to this instance, in the order to process them. */
  claim: () => Promise<number[]>;
  processOne: (id: number) => Promise<Outcome>;
  outcomes: readonly Outcome[];
  /** The pass's name in the log ('ERP import run'); what else the log line says (the adapter). */
  name: string;
  context: object;
  log?: ErpQueueLog;
}) {
  async function runOnce(): Promise<ErpQueuePass<Outcome>> {
    const ids = await job.claim();
    const pass = { claimed: ids.length } as ErpQueuePass<Outcome>;
    for (const outcome of job.outcomes) (pass as Record<Outcome, number>)[outcome] = 0;
    for (const id of ids) (pass as Record<Outcome, number>)[await job.processOne(id)]++;
    if (pass.claimed > 0) job.log?.info({ ...pass, ...job.context }, job.name);
    return pass;
  }

  /** Runs `runOnce` every `intervalMs` (the first after at most a second) until stopped. */
  const start = (intervalMs: number) =>
    repeatEvery(intervalMs, runOnce, (error) => job.log?.error({ err: error }, `${job.name} failed`));

  return { runOnce, start };
}
