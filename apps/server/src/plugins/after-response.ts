import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

type Task = () => Promise<unknown>;

declare module 'fastify' {
  interface FastifyRequest {
    /** Runs `task` once the answer has left (decision 0052): work whose result the caller is not told. */
    afterResponse(task: Task): void;
  }
  interface FastifyInstance {
    /** The work handed to `request.afterResponse`: tests await `settled()`; closing waits for it. */
    afterResponse: { settled(): Promise<void> };
  }
}

/**
 * Work done after the answer (decision 0052): a call that must answer the same whatever happens (forgot password) also
 * answers in the same time, since what differs is done once the caller has its answer. A failure is logged.
 */
async function afterResponsePlugin(app: FastifyInstance) {
  const pending = new Set<Promise<unknown>>();
  const queued = new WeakMap<object, Task[]>();

  app.decorateRequest('afterResponse', function (this: { raw: object }, task: Task) {
    const tasks = queued.get(this.raw) ?? [];
    tasks.push(task);
    queued.set(this.raw, tasks);
  });
  app.addHook('onResponse', async (request) => {
    const tasks = queued.get(request.raw);
    if (!tasks) return;
    queued.delete(request.raw);
    for (const task of tasks) {
      const run: Promise<unknown> = task()
        .catch((err) => request.log.error({ err }, 'work after the response failed'))
        .finally(() => pending.delete(run));
      pending.add(run);
    }
  });
  const settled = async () => {
    while (pending.size > 0) await Promise.all([...pending]);
  };
  app.decorate('afterResponse', { settled });
  app.addHook('onClose', settled);
}

export default fp(afterResponsePlugin, { name: 'after-response' });
