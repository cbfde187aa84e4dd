import type { EventEmitter } from 'node:events';
import type { Position, RecordedEvent, SubscribeOptions, Subscription } from './event-store.js';

interface Source {
  readPage: (after: Position) => Promise<RecordedEvent[]>;
  pageSize: number;
  /** How often to look for events appended by another process (the ops CLI, a second gateway). */
  pollMs: number;
  /** Emits 'appended' when this process committed: the subscription reads at once, not at the next poll. */
  appended: EventEmitter;
  onClosed: () => void;
}

/**
 * The embedded store's catch-up subscription: pages of $all from the checkpoint, then live, woken by this
 * process's commits and by a poll for other processes'.
 */
export function pollingSubscription(
  source: Source,
  handler: (event: RecordedEvent) => Promise<void> | void,
  options: SubscribeOptions,
): Subscription {
  let checkpoint = options.after ?? 0n;
  let stopped = false;
  let running: Promise<void> | null = null;
  let again = false;
  let caughtUp = false;

  // One pump at a time keeps delivery in position order; `again` coalesces wake-ups that arrive mid-pump.
  const pump = (): Promise<void> => {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        for (;;) {
          if (stopped) return;
          const batch = await source.readPage(checkpoint);
          for (const event of batch) {
            if (stopped) return;
            await handler(event);
            checkpoint = event.position;
          }
          if (batch.length < source.pageSize) break;
        }
        if (!caughtUp) {
          caughtUp = true;
          options.onCaughtUp?.();
        }
      } while (again && !stopped);
    })()
      .catch((error) => {
        stopped = true;
        if (options.onError) options.onError(error);
        else throw error;
      })
      .finally(() => {
        running = null;
      });
    return running;
  };

  const onAppended = () => void pump();
  source.appended.on('appended', onAppended);
  const timer = setInterval(() => void pump(), source.pollMs);
  timer.unref();
  void pump();

  return {
    close: async () => {
      stopped = true;
      clearInterval(timer);
      source.appended.off('appended', onAppended);
      source.onClosed();
      await running;
    },
  };
}
