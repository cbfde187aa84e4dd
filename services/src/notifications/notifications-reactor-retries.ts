import type { Metrics } from '../platform/metrics/metrics.js';
import type { ReactorCheckpoint } from './notifications-reactor-checkpoint.js';
import { RETRY_DELAYS_MS } from './notifications-reactor-streams.js';

/**
 * The reactor's waits before trying a mail again (a refused send, a store error): each holds its event
 * meanwhile, so the checkpoint stays before it, and counts in the mail queue an operator sees.
 */
export class RetryTimers {
  private readonly timers = new Set<NodeJS.Timeout>();
  private stopped = false;

  constructor(
    private readonly deps: { retryDelaysMs?: number[]; metrics?: Pick<Metrics, 'mailQueue'> },
    private readonly checkpoint: ReactorCheckpoint,
  ) {}

  /** Runs `again` after the `n`-th delay (0-based) of the schedule. False once stopped: the retry is left to the next start. */
  later(position: bigint, n: number, again: () => void): boolean {
    if (this.stopped) return false;
    const delays = this.deps.retryDelaysMs ?? RETRY_DELAYS_MS;
    const delay = delays[Math.min(n, delays.length - 1)]!;
    this.deps.metrics?.mailQueue.inc();
    this.checkpoint.hold(position);
    const timer = setTimeout(() => {
      this.deps.metrics?.mailQueue.dec();
      this.timers.delete(timer);
      again();
      this.checkpoint.release(position);
    }, delay);
    timer.unref();
    this.timers.add(timer);
    return true;
  }

  /** The waiting mails stay held: the checkpoint saved at stop stays before them. */
  stop(): void {
    this.stopped = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.deps.metrics?.mailQueue.dec(this.timers.size);
    this.timers.clear();
  }
}
