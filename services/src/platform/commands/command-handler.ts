import type { Actor, EventMetadata } from '@cafe/contracts';
import {
  isWrongExpectedRevision,
  type EventStore,
  type Position,
  type RecordedEvent,
} from '../event-store/event-store.js';
import { ConflictError } from '../errors.js';
import type { Clock, TimeContext } from '../clock.js';
import { timeContext } from '../clock.js';
import type { Decider, DomainEvent } from './decider.js';

export interface CommandContext {
  actor: Actor;
  correlationId: string;
  causationId: string;
}

export interface CommandResult<Event extends DomainEvent> {
  events: Event[];
  /** Revision of the stream after the append (the version a client may send back as If-Match). */
  version: number;
  /** Position of the last appended event, or null when the decider decided nothing. */
  position: Position | null;
}

export const STALE_VERSION_MESSAGE =
  'This record was changed by someone else in the meantime. Reload it and try again.';

export interface CommandDeps {
  eventStore: EventStore;
  clock: Clock;
  zone: string;
}

/** Upcasters raise old event shapes to the current one as the stream is read. */
export type Upcaster = (event: RecordedEvent) => RecordedEvent;

/**
 * Read the stream, fold it, decide, append with the revision that was read. A concurrent writer
 * makes the append fail with a conflict (409), never a silent overwrite. `expectedVersion` is the
 * client's If-Match: when given and stale, the command is refused before deciding.
 */
export async function handleCommand<State, Command, Event extends DomainEvent>(
  deps: CommandDeps,
  decider: Decider<State, Command, Event, TimeContext>,
  streamId: string,
  command: Command,
  context: CommandContext,
  options: { expectedVersion?: number; upcast?: Upcaster } = {},
): Promise<CommandResult<Event>> {
  const recorded = await deps.eventStore.readStream(streamId);
  const history = options.upcast ? recorded.map(options.upcast) : recorded;
  const state = history.reduce(
    (s, e) => decider.evolve(s, { type: e.type, data: e.data } as Event),
    decider.initialState(),
  );
  const currentRevision = history.length ? history[history.length - 1]!.revision : null;
  if (options.expectedVersion !== undefined && BigInt(options.expectedVersion) !== (currentRevision ?? -1n)) {
    throw new ConflictError(STALE_VERSION_MESSAGE);
  }
  const time = timeContext(deps.clock, deps.zone);
  const events = decider.decide(command, state, time);
  if (events.length === 0) {
    return { events, version: Number(currentRevision ?? -1n), position: null };
  }
  const metadata: EventMetadata = {
    occurredAt: time.now.toISOString(),
    actor: context.actor,
    correlationId: context.correlationId,
    causationId: context.causationId,
  };
  try {
    const result = await deps.eventStore.appendToStream(
      streamId,
      events.map((e) => ({ type: e.type, data: e.data, metadata })),
      { expectedRevision: currentRevision === null ? 'no_stream' : currentRevision },
    );
    return { events, version: Number(result.nextExpectedRevision), position: result.position };
  } catch (error) {
    if (isWrongExpectedRevision(error)) throw new ConflictError(STALE_VERSION_MESSAGE);
    throw error;
  }
}

/** Reads and folds a stream without deciding anything: for rules that cross streams. */
export async function loadState<State, Event extends DomainEvent>(
  eventStore: EventStore,
  decider: Pick<Decider<State, unknown, Event, unknown>, 'initialState' | 'evolve'>,
  streamId: string,
): Promise<{ state: State; version: number }> {
  const recorded = await eventStore.readStream(streamId);
  const state = recorded.reduce(
    (s, e) => decider.evolve(s, { type: e.type, data: e.data } as Event),
    decider.initialState(),
  );
  return { state, version: recorded.length - 1 };
}
