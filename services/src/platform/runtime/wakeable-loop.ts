/** A background loop a process runs (a placement, the waitlist's offers): woken by a command, or on its timer. */
export interface WakeableLoop {
  /** Look again now: at once when idle, right after the pass under way otherwise. */
  wake: () => void;
  /** Ends the loop once the pass under way is over. */
  stop: () => Promise<void>;
}

/**
 * Runs `pass` at once, again whenever woken, and every `everyMs` otherwise, one pass at a time, until
 * stopped. A failed pass goes to `failed` and the next round tries again: work left open is finished later,
 * never lost, and never takes its process down.
 */
export function startWakeableLoop(
  everyMs: number,
  pass: (stopping: AbortSignal) => Promise<void>,
  failed: (error: unknown) => void,
): WakeableLoop {
  const stopping = new AbortController();
  let again = false;
  let wakeUp: (() => void) | null = null;
  const loop = async () => {
    while (!stopping.signal.aborted) {
      again = false;
      try {
        await pass(stopping.signal);
      } catch (error) {
        if (!stopping.signal.aborted) failed(error);
      }
      if (again || stopping.signal.aborted) continue;
      await new Promise<void>((resolve) => {
        const done = () => {
          clearTimeout(timer);
          stopping.signal.removeEventListener('abort', done);
          resolve();
        };
        const timer = setTimeout(done, everyMs);
        timer.unref();
        wakeUp = done;
        stopping.signal.addEventListener('abort', done);
      });
      wakeUp = null;
    }
  };
  const running = loop();
  return {
    wake: () => {
      again = true;
      wakeUp?.();
    },
    stop: async () => {
      stopping.abort();
      await running;
    },
  };
}
