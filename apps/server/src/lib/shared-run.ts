/**
 * A background job's run, shared: concurrent calls of `drain` share the run under way (decisions 0053, 0059). What the
 * mail outbox and the webhook sender both are, written once.
 */
export function sharedRun(runOnce: () => Promise<number>, log: { error(o: object, msg: string): void }, name: string) {
  let running: Promise<number> | null = null;

  /** Does what is due; concurrent calls share one run. Resolves with how many items it handled. */
  function drain(): Promise<number> {
    if (!running) running = runOnce().finally(() => (running = null));
    return running;
  }

  return {
    drain,
    /** Starts a run in the background (after a request queued work and committed); a failure is logged. */
    kick(): void {
      void drain().catch((err) => log.error({ err }, `${name} run failed`));
    },
    /**
     * Resolves once everything due before the call has been tried: the run under way (which may have passed it) ends,
     * then a new one runs. What a test awaits instead of a timer.
     */
    async settled(): Promise<number> {
      await running?.catch(() => undefined);
      return drain();
    },
    /** Resolves when no run is under way (the server waits for it before closing the database). */
    async idle(): Promise<void> {
      await running?.catch(() => undefined);
    },
  };
}
