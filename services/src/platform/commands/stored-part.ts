import type { Position } from '../event-store/event-store.js';
import type { TimeContext } from '../clock.js';
import type { Logger } from 'pino';
import type { CommandContext } from './command-types.js';
import type { LoadedStream } from './command-tx.js';

/**
 * Where the store appends a decision's streams one after the other (EventStoreDB 24.10 through
 * @eventstore/db-client: `atomicAppends` false), a conflict on a later stream comes after the earlier
 * ones are stored. Those stay stored: running the whole command again would decide on its own half-applied
 * state (a cancel would find its booking cancelled and answer 409, leaving the day's seats held). The
 * pipeline instead finishes the decision: it runs the body again with the same time, each stored stream
 * loaded as it was when decided (so the body decides the same events on it, and they are not appended
 * again), the others read fresh, and appends what is left (see runPipeline).
 */
export interface StoredPart<R> {
  /** Each stored stream as it was loaded when its events were decided. */
  readonly streams: Map<string, LoadedStream<unknown>>;
  /** The position of the last event stored (read-your-writes waits for it). */
  position: Position;
  /** The answer of the decision that was partly stored: given when the rest cannot be finished. */
  readonly value: R;
  /** The time the decision was taken at: the finishing attempts decide at the same time. */
  readonly time: TimeContext;
  /** Finishing attempts left: each conflict on what is left reads it again. */
  finishes: number;
}

/** Conflicts on what is left of a partly stored decision, each deciding it again on fresh state (bounded by the writers). */
export const FINISH_ATTEMPTS = 50;

/** Notes what an attempt stored before its append stopped. */
export function noteStored<R>(
  stored: StoredPart<R> | null,
  appended: readonly { stream: LoadedStream<unknown>; position: Position }[],
  value: R,
  time: TimeContext,
): StoredPart<R> | null {
  if (appended.length === 0) return stored;
  const part = stored ?? { streams: new Map(), position: 0n, value, time, finishes: FINISH_ATTEMPTS };
  for (const { stream, position } of appended) {
    part.streams.set(stream.streamId, stream);
    if (position > part.position) part.position = position;
  }
  return part;
}

/**
 * The rest of a partly stored decision could not be appended (refused on fresh state, or conflicting
 * too often): what is stored stands, and the periodic reconciles (a day's seats, a game night's places)
 * repair what it leaves. Logged so an operator sees which streams and why.
 */
export function logHalfApplied(
  runtime: { logger?: Pick<Logger, 'info'> & Partial<Pick<Logger, 'warn'>> },
  context: CommandContext,
  stored: StoredPart<unknown>,
  why: unknown,
): void {
  const details = { correlationId: context.correlationId, stored: [...stored.streams.keys()], err: why };
  const message = 'decision half-applied: the streams stored stand, the periodic reconcile repairs the rest';
  if (runtime.logger?.warn) runtime.logger.warn(details, message);
  else runtime.logger?.info(details, message);
}
