import { performance } from 'node:perf_hooks';

/** How long after the last change the gateway was asked for it counts as quiet again. */
const QUIET_MS = 100;

/**
 * Whether the gateway is answering changes (POST, PUT, PATCH, DELETE) right now: background work (the
 * mails) gives way to them, so a rush of bookings is answered first. Page loads, reads and live-update
 * streams do not count. A time, not a count of requests in flight: nothing can leave it stuck on busy.
 */
export class WriteLoad {
  private lastWriteAt = Number.NEGATIVE_INFINITY;

  noteWrite(): void {
    this.lastWriteAt = performance.now();
  }

  get busy(): boolean {
    return performance.now() - this.lastWriteAt < QUIET_MS;
  }
}
