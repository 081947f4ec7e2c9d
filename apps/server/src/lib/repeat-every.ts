/**
 * Runs `pass` every `intervalMs` (the first after at most a second), never two at once, until stopped; a pass that
 * fails is reported to `failed` and the next one comes as usual. `stop` waits for the pass under way.
 */
export function repeatEvery(intervalMs: number, pass: () => Promise<unknown>, failed: (error: unknown) => void) {
  let stopped = false;
  let running: Promise<unknown> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;
  const tick = () => {
    if (stopped) return;
    running = pass()
      .catch(failed)
      .finally(() => {
        if (!stopped) timer = setTimeout(tick, intervalMs);
      });
  };
  timer = setTimeout(tick, Math.min(intervalMs, 1000));
  return {
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
