import type { Actor, EventMetadata } from '@cafe/contracts';
import type { Logger } from 'pino';
import { isWrongExpectedRevision, type EventStore, type Position, type RecordedEvent } from '../event-store/event-store.js';
import type { ReadModelWaiter } from '../projections/read-models.js';
import type { Clock, TimeContext } from '../clock.js';
import { timeContext } from '../clock.js';
import type { Decider, DomainEvent } from './decider.js';
import { fold } from './decider.js';
import { Conflict, NotFound } from './domain-errors.js';

/**
 * The one path a command takes: load the stream, fold it, decide, append with the revision that was
 * read, wait until the read models hold the new events. Every slice's `<slice>-commands.ts` calls
 * `runCommand`; routes call the slice's commands and only reply.
 */

export interface CommandContext {
  actor: Actor;
  correlationId: string;
  causationId: string;
  /**
   * The events are stored but the read models did not show them in time (the projector is behind or
   * down): the command still succeeds, and the caller is told its lists may lag (the gateway answers
   * with `x-read-models-behind: true`). Never a 500 for a stored write: a guest who retried would book twice.
   */
  onReadModelsBehind?: (error: Error) => void;
}

/** What running a command needs of a process: its event store, clock, zone and the read models to wait for. */
export interface CommandRuntime {
  eventStore: EventStore;
  clock: Clock;
  config: { zone: string; bookingHorizonDays?: number };
  readModels: Pick<ReadModelWaiter, 'waitFor'>;
  /** Where the append is logged, with the correlation id the request's log lines carry. */
  logger?: Pick<Logger, 'info'>;
}

export interface CommandResult<Event extends DomainEvent> {
  events: Event[];
  /** Revision of the stream after the append (the version a client may send back as If-Match). */
  version: number;
  /** Position of the last appended event, or null when the decider decided nothing. */
  position: Position | null;
}

export const STALE_VERSION_MESSAGE = 'This record was changed by someone else in the meantime. Reload it and try again.';

/** Upcasters raise old event shapes to the current one as the stream is read. */
export type Upcaster = (event: RecordedEvent) => RecordedEvent;

export interface RunCommandOptions {
  /** The client's If-Match: when given and stale, the command is refused before deciding (404 if no such stream). */
  expectedVersion?: number;
  /** Said when the stream does not exist at all and `expectedVersion` was given. */
  notFoundMessage?: string;
  upcast?: Upcaster;
  /**
   * Without If-Match, a concurrent append to the same stream need not fail the command: read, fold and
   * decide again on the fresh state, up to this many more times (a stream many writers contend for,
   * such as a day's seats). Default 0: the conflict is answered.
   */
  retriesOnConflict?: number;
}

export async function runCommand<State, Command, Event extends DomainEvent>(
  runtime: CommandRuntime,
  decider: Decider<State, Command, Event, TimeContext>,
  streamId: string,
  command: Command,
  context: CommandContext,
  options: RunCommandOptions = {},
): Promise<CommandResult<Event>> {
  for (let retries = options.expectedVersion === undefined ? (options.retriesOnConflict ?? 0) : 0; ; retries--) {
    try {
      return await runOnce(runtime, decider, streamId, command, context, options);
    } catch (error) {
      if (!(error instanceof StaleAppend) || retries <= 0) throw error instanceof StaleAppend ? new Conflict(STALE_VERSION_MESSAGE) : error;
    }
  }
}

/** The append found the stream moved on since it was read. */
class StaleAppend extends Error {}

async function runOnce<State, Command, Event extends DomainEvent>(
  runtime: CommandRuntime,
  decider: Decider<State, Command, Event, TimeContext>,
  streamId: string,
  command: Command,
  context: CommandContext,
  options: RunCommandOptions,
): Promise<CommandResult<Event>> {
  const recorded = await runtime.eventStore.readStream(streamId);
  const history = options.upcast ? recorded.map(options.upcast) : recorded;
  const state = fold<State, Event>(decider, history);
  const currentRevision = history.length ? history[history.length - 1]!.revision : null;
  if (options.expectedVersion !== undefined && BigInt(options.expectedVersion) !== (currentRevision ?? -1n)) {
    // A stale version of a record that was never there is "not found", not "changed by someone else".
    if (currentRevision === null && options.notFoundMessage) throw new NotFound(options.notFoundMessage);
    throw new Conflict(STALE_VERSION_MESSAGE);
  }
  const time = timeContext(runtime.clock, runtime.config.zone, runtime.config.bookingHorizonDays);
  const events = decider.decide(command, state, time);
  if (events.length === 0) return { events, version: Number(currentRevision ?? -1n), position: null };
  const metadata: EventMetadata = {
    occurredAt: time.now.toISOString(),
    actor: context.actor,
    correlationId: context.correlationId,
    causationId: context.causationId,
  };
  let result;
  try {
    result = await runtime.eventStore.appendToStream(
      streamId,
      events.map((e) => ({ type: e.type, data: e.data, metadata })),
      { expectedRevision: currentRevision === null ? 'no_stream' : currentRevision },
    );
  } catch (error) {
    if (isWrongExpectedRevision(error)) throw new StaleAppend();
    throw error;
  }
  runtime.logger?.info(
    {
      correlationId: context.correlationId,
      stream: streamId,
      events: events.map((e) => e.type),
      position: result.position.toString(),
      actor: context.actor.kind,
    },
    'events appended',
  );
  // Read-your-writes: the list a client refetches after this answer already holds the change.
  try {
    await runtime.readModels.waitFor(result.position);
  } catch (error) {
    context.onReadModelsBehind?.(error instanceof Error ? error : new Error(String(error)));
  }
  return { events, version: Number(result.nextExpectedRevision), position: result.position };
}

/** Reads and folds a stream without deciding anything: for rules that cross streams. */
export async function loadState<State, Event extends DomainEvent>(
  eventStore: EventStore,
  decider: Pick<Decider<State, never, Event, never>, 'initialState' | 'evolve'>,
  streamId: string,
): Promise<{ state: State; version: number }> {
  const recorded = await eventStore.readStream(streamId);
  return { state: fold<State, Event>(decider, recorded), version: recorded.length - 1 };
}

/**
 * For bulk writers (the demo seed, ops): commands that do not wait one by one; the caller waits once
 * for the last position with `runtime.readModels.waitFor`.
 */
export function withoutWaiting<R extends CommandRuntime>(runtime: R): R {
  return { ...runtime, readModels: { ...runtime.readModels, ...NOT_WAITING } };
}

/** Where no read models are built in this process (the ops command line): nothing to wait for. */
export const NOT_WAITING: Pick<ReadModelWaiter, 'waitFor'> = { waitFor: async () => undefined };
