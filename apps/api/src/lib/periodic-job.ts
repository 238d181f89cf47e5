/**
 * A pass that runs now and then in the background (the mail outbox, the clocks' reminders):
 * one pass at a time (a call while one runs gets that pass's answer), a failed pass reported
 * to `failed` and counted as 0, and stop() waiting for the pass under way.
 */
export function periodicJob(pass: () => Promise<number>, failed: (err: unknown) => void) {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;

  function runOnce(): Promise<number> {
    running ??= pass()
      .catch((err: unknown) => {
        failed(err);
        return 0;
      })
      .finally(() => {
        running = undefined;
      });
    return running;
  }

  return {
    runOnce,
    /** A pass now, then one every `intervalMs` (the timer does not keep the process alive). */
    start(intervalMs: number): void {
      timer = setInterval(() => void runOnce(), intervalMs);
      timer.unref();
      void runOnce();
    },
    async stop(): Promise<void> {
      if (timer) clearInterval(timer);
      await running;
    },
  };
}
