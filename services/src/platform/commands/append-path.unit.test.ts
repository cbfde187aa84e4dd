import { describe, expect, it } from 'vitest';
import type { AppendResult, EventStore, StreamAppend } from '../event-store/event-store.js';
import { RETRY_BACKOFF_MS, appendOnceMore } from './append-path.js';

/**
 * Issue 51 (Low): the one retry of a transient append failure came at once, so an EventStoreDB that
 * restarts (unavailable for a moment) failed both tries. A store unavailable for 120 ms after its
 * first refusal: the retry must come after it is back.
 */
const appends: StreamAppend[] = [{ streamId: 'booking-1', events: [], expectedRevision: 'no_stream' }];
const stored: AppendResult[] = [{ nextExpectedRevision: 0n, position: 1n }];

function restartingStore(downForMs: number, error: object = { type: 'unavailable' }) {
  const tries: number[] = [];
  let downSince: number | null = null;
  const store = {
    appendToStreams: async () => {
      const now = performance.now();
      tries.push(now);
      downSince ??= now;
      if (now - downSince < downForMs) throw Object.assign(new Error('14 UNAVAILABLE: restarting'), error);
      return stored;
    },
  } as unknown as EventStore;
  return { store, tries };
}

describe('the one retry of a transient append failure', () => {
  it('when the store is unavailable for a moment (a restart), then the retry waits a jittered backoff and succeeds', async () => {
    const { store, tries } = restartingStore(120);
    await expect(appendOnceMore({ eventStore: store }, appends)).resolves.toBe(stored);
    expect(tries).toHaveLength(2);
    const waited = tries[1]! - tries[0]!;
    expect(waited).toBeGreaterThanOrEqual(RETRY_BACKOFF_MS * 0.75 - 5);
    expect(waited).toBeLessThan(RETRY_BACKOFF_MS * 1.25 + 200);
  });

  it('when the failure is not transient (a conflict), then it is thrown at once, not retried', async () => {
    const { store, tries } = restartingStore(10_000, { code: 'WRONG_EXPECTED_VERSION' });
    const started = performance.now();
    await expect(appendOnceMore({ eventStore: store }, appends)).rejects.toThrow(/UNAVAILABLE/);
    expect(tries).toHaveLength(1);
    expect(performance.now() - started).toBeLessThan(RETRY_BACKOFF_MS / 2);
  });

  it('when the store stays down past the backoff, then the second failure is thrown (one retry only)', async () => {
    const { store, tries } = restartingStore(10_000);
    await expect(appendOnceMore({ eventStore: store }, appends)).rejects.toThrow(/UNAVAILABLE/);
    expect(tries).toHaveLength(2);
  });
});
