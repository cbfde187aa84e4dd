import { randomUUID } from 'node:crypto';
import type { EventMetadata } from '@cafe/contracts';
import type { AppendResult, ExpectedRevision, Position, StreamAppend } from '../event-store/event-store.js';
import type { CommandContext, CommandRuntime } from './command-types.js';
import type { DomainEvent } from './decider.js';
import { eventIdsFor } from './event-ids.js';
import type { LoadedStream } from './command-tx.js';

/**
 * The append every write takes, whether a command's pipeline decided it or a process (the e-mail
 * reactor, a closure's record): metadata from the context, event ids, one retry of a transient failure
 * with the same ids, one log line per stream.
 */

export function metadataOf(runtime: Pick<CommandRuntime, 'clock'>, context: CommandContext): EventMetadata {
  return {
    occurredAt: runtime.clock.now().toISOString(),
    actor: context.actor,
    correlationId: context.correlationId,
    causationId: context.causationId,
  };
}

/**
 * Ids that a repeat of the same decision at the same revision gives again (event-ids.ts). An append
 * that expects only that the stream exists (or nothing) has no revision to tie them to: its ids are
 * random, kept for the one retry below.
 */
export function withIds(commandId: string, streamId: string, expected: ExpectedRevision, events: DomainEvent[], metadata: EventMetadata) {
  const ids =
    typeof expected === 'bigint' || expected === 'no_stream'
      ? eventIdsFor(commandId, streamId, String(expected), events)
      : events.map(() => randomUUID());
  return events.map((e, i) => ({ id: ids[i]!, type: e.type, data: e.data, metadata }));
}

/** A timeout or a lost connection may come after the store wrote: the same append again is answered with what it stored. */
export async function appendOnceMore(
  runtime: Pick<CommandRuntime, 'eventStore' | 'logger'>,
  appends: StreamAppend[],
): Promise<AppendResult[]> {
  try {
    return await runtime.eventStore.appendToStreams(appends);
  } catch (error) {
    if (!isTransient(error)) throw error;
    runtime.logger?.info({ err: error, streams: appends.map((a) => a.streamId) }, 'append retried after a transient failure');
    await new Promise((resolve) => setTimeout(resolve, retryBackoffMs()));
    return runtime.eventStore.appendToStreams(appends);
  }
}

/**
 * The wait before the one retry: tried at once, the retry of an EventStoreDB restarting (or electing a
 * leader) failed too. Jittered (150 to 250 ms), so the writers it failed together do not all come back
 * at the same instant.
 */
export const RETRY_BACKOFF_MS = 200;
const retryBackoffMs = () => RETRY_BACKOFF_MS * (0.75 + Math.random() * 0.5);

const TRANSIENT = new Set(['ETIMEDOUT', 'ECONNRESET', 'ECONNREFUSED', 'EPIPE', 'DEADLINE_EXCEEDED', 'UNAVAILABLE', 'SQLITE_BUSY']);

function isTransient(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, type, name } = error as { code?: unknown; type?: unknown; name?: unknown };
  // The EventStoreDB client names its errors by `type` ('deadline-exceeded', 'unavailable').
  return (
    (typeof code === 'string' && TRANSIENT.has(code)) || type === 'deadline-exceeded' || type === 'unavailable' || name === 'TimeoutError'
  );
}

/**
 * A decision's appends one stream at a time, in order, where the store appends them one after the other
 * anyway: `stored` hears of each once it is, so a conflict on a later one leaves known what is stored.
 */
export async function appendEach(
  runtime: Pick<CommandRuntime, 'eventStore' | 'logger'>,
  context: CommandContext,
  appends: StreamAppend[],
  stored: (index: number, position: Position) => void,
): Promise<Position> {
  let position = 0n;
  for (const [i, append] of appends.entries()) {
    const results = await appendOnceMore(runtime, [append]);
    const at = logAppended(runtime, context, [append], results);
    stored(i, at);
    if (at > position) position = at;
  }
  return position;
}

/** What an append of a loaded stream expects: its revision (and, `withLastId`, its last event's id). */
export const expectedOf = (stream: Pick<LoadedStream<unknown>, 'revision'>): ExpectedRevision =>
  stream.revision === null ? 'no_stream' : stream.revision;

export function expectation(stream: LoadedStream<unknown>, withLastId: boolean): Omit<StreamAppend, 'events'> {
  return {
    streamId: stream.streamId,
    expectedRevision: expectedOf(stream),
    ...(withLastId && stream.lastEventId !== undefined ? { expectedLastEventId: stream.lastEventId } : {}),
  };
}

export function logAppended(
  runtime: Pick<CommandRuntime, 'logger'>,
  context: CommandContext,
  appends: StreamAppend[],
  results: AppendResult[],
): Position {
  let position = 0n;
  for (const [i, append] of appends.entries()) {
    const result = results[i]!;
    if (result.position > position) position = result.position;
    if (append.events.length === 0) continue;
    runtime.logger?.info(
      {
        correlationId: context.correlationId,
        stream: append.streamId,
        events: append.events.map((e) => e.type),
        position: result.position.toString(),
        actor: context.actor.kind,
      },
      'events appended',
    );
  }
  return position;
}

/**
 * Events a process decided outside a decider (the e-mail reactor's progress, a closure's record) take
 * the same append: metadata from the context, ids kept for the one retry, the same log line. Their ids
 * are fresh per call unless a command id is given: two processes claiming the same mail must conflict,
 * not both be answered as the first.
 */
export async function appendDecided(
  runtime: Pick<CommandRuntime, 'eventStore' | 'clock' | 'logger'>,
  context: CommandContext,
  appends: { streamId: string; events: DomainEvent[]; expectedRevision: ExpectedRevision }[],
  commandId: string = randomUUID(),
): Promise<AppendResult[]> {
  const metadata = metadataOf(runtime, context);
  const ready = appends.map((a) => ({ ...a, events: withIds(commandId, a.streamId, a.expectedRevision, a.events, metadata) }));
  for (const { streamId } of appends) (runtime as Partial<Pick<CommandRuntime, 'states'>>).states?.drop(streamId);
  const results = await appendOnceMore(runtime, ready);
  logAppended(runtime, context, ready, results);
  return results;
}
