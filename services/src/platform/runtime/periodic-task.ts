import type { Logger } from 'pino';
import type { WriteLoad } from './write-load.js';

/** A background task started by a feature where the projections run (its `start`). */
export interface PeriodicTask {
  /** One pass now, after any pass already running (tests call it instead of waiting for the timer). */
  runOnce(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Runs `pass` every `intervalMs`, one pass at a time, never while the gateway is answering changes (the
 * pass waits for the next tick). A failed pass is logged and the next tick tries again: a background
 * repair must never take its process down.
 */
export function startPeriodic(
  deps: { logger: Pick<Logger, 'error'>; writeLoad?: Pick<WriteLoad, 'busy'> },
  name: string,
  intervalMs: number,
  pass: () => Promise<void>,
): PeriodicTask {
  let running: Promise<void> = Promise.resolve();
  let passing = false;
  let stopped = false;
  const runOnce = () => {
    running = running
      .then(async () => {
        if (stopped) return;
        passing = true;
        try {
          await pass();
        } finally {
          passing = false;
        }
      })
      .catch((err: unknown) => deps.logger.error({ err, task: name }, `${name} failed`));
    return running;
  };
  // A pass longer than the interval is not queued again behind itself.
  const timer = setInterval(() => {
    if (!passing && !deps.writeLoad?.busy) void runOnce();
  }, intervalMs);
  timer.unref();
  return {
    runOnce,
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
