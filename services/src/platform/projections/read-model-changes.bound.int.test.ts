import { describe, expect, it } from 'vitest';
import type { EventStore, RecordedEvent } from '../event-store/event-store.js';
import type { Projection } from './projection.js';
import type { ReadModelWaiter } from './read-models.js';
import { ReadModelChanges, type ReadModelChange } from './read-model-changes.js';

/**
 * Issue 51 (Low): while the read models were behind, every event followed for the live updates was
 * kept until they caught up, without bound. A store whose subscription is fed by the test, and read
 * models that catch up only when the test says so.
 */
function feed() {
  let handler: ((event: RecordedEvent) => Promise<void> | void) | null = null;
  const store = {
    headPosition: async () => 0n,
    subscribeToAll: (h: (event: RecordedEvent) => Promise<void> | void) => {
      handler = h;
      return { close: async () => undefined };
    },
  } as unknown as EventStore;
  let position = 0n;
  const append = (n: number) => {
    for (let i = 0; i < n; i++) {
      position += 10n;
      void handler!({
        id: `e${position}`,
        type: 'Booked',
        streamId: `booking-${position}`,
        revision: 0n,
        position,
        data: {},
        metadata: { occurredAt: '', actor: { kind: 'visitor' }, correlationId: 'c', causationId: 'c' },
        recordedAt: new Date().toISOString(),
      } as RecordedEvent);
    }
  };
  return { store, append };
}

function behindReadModels() {
  let caughtUp = false;
  const waiter: ReadModelWaiter = {
    waitFor: async (_position, timeoutMs = 5000) => {
      if (caughtUp) return;
      await new Promise((resolve) => setTimeout(resolve, Math.min(timeoutMs, 20)));
      throw new Error('behind');
    },
    versionOf: async () => '0',
  };
  return { waiter, catchUp: () => (caughtUp = true) };
}

const projections = [{ name: 'bookings', handles: ['Booked'] }] as unknown as Projection[];

describe('ReadModelChanges, given read models far behind', () => {
  it('when more events arrive than it holds, then it keeps the newest up to its cap and counts the others', async () => {
    const { store, append } = feed();
    const { waiter, catchUp } = behindReadModels();
    const changes = new ReadModelChanges(store, waiter, projections, { waitRoundMs: 10, maxPending: 100 });
    const received: ReadModelChange[] = [];
    const listening = await changes.listen((change) => received.push(change));
    append(5_000);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(received).toEqual([]);
    catchUp();
    await expect.poll(() => received.length, { timeout: 3_000 }).toBeGreaterThan(0);
    expect(received[0]!.events).toHaveLength(100);
    expect(received[0]!.overflowed).toBe(4_900);
    // The newest are kept: the announcement reaches the last event followed.
    expect(received[0]!.position).toBe(50_000n);
    expect(received[0]!.events[0]!.event.position).toBe(49_010n);
    await listening.stop();
  });

  it('when it keeps up, then nothing is left out', async () => {
    const { store, append } = feed();
    const { waiter, catchUp } = behindReadModels();
    catchUp();
    const changes = new ReadModelChanges(store, waiter, projections, { maxPending: 100 });
    const received: ReadModelChange[] = [];
    const listening = await changes.listen((change) => received.push(change));
    append(50);
    await expect.poll(() => received.flatMap((c) => c.events).length).toBe(50);
    expect(received.every((c) => c.overflowed === undefined)).toBe(true);
    await listening.stop();
  });
});
