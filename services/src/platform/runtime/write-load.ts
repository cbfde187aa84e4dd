import { performance } from 'node:perf_hooks';

/** How long after the last change the gateway was asked for it counts as quiet again. */
const QUIET_MS = 100;
/** How often the event loop's use is sampled, and how much of it counts as busy. */
const SAMPLE_MS = 20;
const FULL = 0.85;

/**
 * Whether the gateway is answering changes (POST, PUT, PATCH, DELETE) right now: background work (the
 * mails) gives way to them, so a rush of bookings is answered first. Page loads, reads and live-update
 * streams do not count. A time, not a count of requests in flight: nothing can leave it stuck on busy.
 */
export class WriteLoad {
  private lastWriteAt = Number.NEGATIVE_INFINITY;
  private sample = performance.eventLoopUtilization();
  private sampledAt = performance.now();
  private used = 0;

  noteWrite(): void {
    this.lastWriteAt = performance.now();
  }

  get busy(): boolean {
    return performance.now() - this.lastWriteAt < QUIET_MS;
  }

  /**
   * Whether the event loop had time to spare over the last sample (it used less than 85 % of it): a rush
   * of bookings waits on its fsyncs, and background work may fill that wait without delaying an answer.
   */
  get spare(): boolean {
    const now = performance.now();
    if (now - this.sampledAt >= SAMPLE_MS) {
      const next = performance.eventLoopUtilization();
      this.used = performance.eventLoopUtilization(next, this.sample).utilization;
      this.sample = next;
      this.sampledAt = now;
    }
    return this.used < FULL;
  }
}
