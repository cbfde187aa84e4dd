import type { TimeContext } from '../clock.js';
import type { Upcaster } from './command-types.js';
import type { DomainEvent } from './decider.js';

/** What a command's body works with inside the pipeline (command-pipeline.ts): its streams and its tx. */

/** How a stream is loaded and folded. */
export interface StreamSpec<State, Event extends DomainEvent = DomainEvent> {
  streamId: string;
  initialState: () => State;
  evolve: (state: State, event: Event) => State;
  upcast?: Upcaster;
  /** The command creates the stream under an id it just made: nothing to read, nothing may be there. */
  fresh?: boolean;
  /** Kept in memory between commands (StreamStates) and checked at the append; see stream-states.ts. */
  cached?: boolean;
  /**
   * False for a policy kept in memory that most commands read and few write (the business info, a date's
   * block): no turn is taken on it, so commands take theirs on the stream they decide on (a day's seats).
   */
  turns?: false;
  /** The client's If-Match for this stream: stale is a conflict, a stream never written is not found. */
  expectedVersion?: number;
  notFoundMessage?: string;
}

export interface LoadedStream<State> {
  readonly streamId: string;
  readonly state: State;
  /** Revision of the last event; null when the stream does not exist. */
  readonly revision: bigint | null;
  readonly lastEventId: string | undefined;
  /** When the stream's first event was decided (null when it was not read, or is empty). */
  readonly createdAt: string | null;
}

/** What `tx.decide` answers: the events decided, the stream's version after them, and the stream as loaded. */
export interface Decided<State, Event extends DomainEvent> {
  events: Event[];
  /** Revision after the events (the version a client may send back as If-Match); unchanged when none. */
  version: number;
  stream: LoadedStream<State>;
}

/** A decider's decide: pure, time injected. */
export type DecideFn<State, Command, Event extends DomainEvent> = (command: Command, state: State, time: TimeContext) => Event[];

/**
 * What a command's body may do in one attempt (see docs in platform/commands/README.md).
 * One stream: `tx.decide(spec, decide, command)`. Several streams: `tx.load` each, decide, `tx.append`
 * each, `tx.require` the policies read but not written.
 */
export interface CommandTx {
  readonly time: TimeContext;
  /**
   * The one-stream command: loads the stream (once per attempt), runs `decide(command, state, tx.time)`
   * and appends its events to that stream. A refusal (DomainError) thrown by `decide` refuses the command.
   */
  decide<State, Command, Event extends DomainEvent>(
    spec: StreamSpec<State, Event>,
    decide: DecideFn<State, Command, Event>,
    command: Command,
  ): Promise<Decided<State, Event>>;
  /**
   * Loads a stream (at most once per attempt; a second load of the same stream answers the first).
   * Also the read-only load: a rule that needs a stream's folded state without writing it loads it and
   * appends nothing (add `tx.require` when the decision must fail if that stream moves meanwhile).
   */
  load<State, Event extends DomainEvent>(spec: StreamSpec<State, Event>): Promise<LoadedStream<State>>;
  /**
   * Events decided for a loaded stream; answers the stream's version after them. `after`: the state
   * after them, when the caller folded them already (the stream's own evolve): a stream kept in memory
   * takes it rather than folding them again.
   */
  append(stream: LoadedStream<unknown>, events: DomainEvent[], after?: unknown): number;
  /** The decision read this stream (a policy): where the store can, the append fails if it moved. */
  require(stream: LoadedStream<unknown>): void;
}

/** A decider's stream as a StreamSpec: `tx.decide(streamOf(decider, id), decider.decide, command)`. */
export function streamOf<State, Event extends DomainEvent>(
  decider: { initialState: () => State; evolve: (state: State, event: Event) => State },
  streamId: string,
  options: Omit<StreamSpec<State, Event>, 'streamId' | 'initialState' | 'evolve'> = {},
): StreamSpec<State, Event> {
  return { streamId, initialState: decider.initialState, evolve: decider.evolve, ...options };
}
