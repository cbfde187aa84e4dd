import {
  isWrongExpectedRevision,
  type AppendResult,
  type Position,
  type RecordedEvent,
  type StreamAppend,
} from '../event-store/event-store.js';
import { timeContext, type TimeContext } from '../clock.js';
import type { CommandContext, CommandRuntime } from './command-types.js';
import type { DomainEvent } from './decider.js';
import type { CommandTx, DecideFn, Decided, LoadedStream, StreamSpec } from './command-tx.js';
import { inAttempt, inScope } from './pipeline-scope.js';
import { logHalfApplied, noteStored, type StoredPart } from './stored-part.js';
import { DomainError, NotFound, StaleVersion } from './domain-errors.js';
import { appendEach, appendOnceMore, expectation, expectedOf, logAppended, metadataOf, withIds } from './append-path.js';
import type { StreamStateEntry } from './stream-states.js';

/**
 * The one write path: a command loads each stream it needs once, decides once, appends everything it
 * decided in one append (atomic where the store allows) with the expected revisions, then waits for
 * the read models. A conflict runs the whole command again on fresh state, unless part of it is stored
 * already (a store that appends stream by stream): then only what is left is decided again (stored-part.ts).
 */

export interface PipelineOptions {
  /** Conflicts on streams without If-Match run the command again, up to this many times (default 0). */
  retriesOnConflict?: number;
  /** Idempotency: the same id gives the same event ids (default: the request's correlation id). */
  commandId?: string;
  /** Default true: read-your-writes. Bulk writers wait once at the end. */
  waitForReadModels?: boolean;
}

export interface PipelineResult<R> {
  value: R;
  /** Position of the last appended event; null when nothing was decided. */
  position: Position | null;
}

/** Conflicts on streams kept in memory are not the client's doing: retried (bounded by the writers). */
const CACHED_RETRIES = 200;

interface Pending {
  stream: LoadedStream<unknown>;
  spec: StreamSpec<unknown>;
  events: DomainEvent[];
  /** The state after `events` as the one append that decided them folded it; none when several did. */
  after?: { state: unknown };
}

export async function runPipeline<R>(
  runtime: CommandRuntime,
  context: CommandContext,
  body: (tx: CommandTx) => Promise<R> | R,
  options: PipelineOptions = {},
): Promise<PipelineResult<R>> {
  let retries = options.retriesOnConflict ?? 0;
  let cachedRetries = CACHED_RETRIES;
  let verified = false;
  /** Where the store appends stream by stream: the part of this decision already stored (stored-part.ts). */
  let stored: StoredPart<R> | null = null;
  for (let number = 1; ; number++) {
    const attempt: Attempt = new Attempt(runtime, stored);
    // The decision runs in its attempt's scope (pipeline-scope.ts): what it reads is the pipeline's reading.
    const scope = { correlationId: context.correlationId, number };
    try {
      let value: R;
      try {
        value = await inAttempt(scope, () => body(attempt));
      } catch (error) {
        // Finishing, a refusal that comes once every stored stream is decided again refuses only the rest:
        // the command happened. One before refuses the command on fresh state (its If-Match, its booking gone).
        if (stored) {
          logHalfApplied(runtime, context, stored, error);
          if (error instanceof DomainError && attempt.decidedAgain(stored.streams.keys()))
            return await answer(runtime, context, options, stored);
          throw error;
        }
        // A refusal appends nothing, so no revision checks what it was decided on: before answering it,
        // make sure the streams it took from memory are what the store holds, else decide again on them.
        if (verified || !(error instanceof DomainError) || (await inScope(scope, () => attempt.fromMemoryIsCurrent()))) throw error;
        verified = true;
        continue;
      }
      const decided = [...attempt.pending.values()].filter((p) => p.events.length > 0 && !stored?.streams.has(p.stream.streamId));
      if (decided.length === 0 && !stored) return { value, position: null };
      try {
        const position = decided.length > 0 ? await attempt.commit(decided, context, options.commandId ?? context.correlationId) : 0n;
        return await answer(runtime, context, options, {
          value,
          position: stored && stored.position > position ? stored.position : position,
        });
      } catch (error) {
        stored = noteStored(stored, attempt.appended, value, attempt.time);
        const spec = isWrongExpectedRevision(error) ? attempt.specs.get(error.streamId) : undefined;
        if (stored) {
          // Part of the decision is stored: finish it rather than decide it all again on half of it.
          if (!isWrongExpectedRevision(error) || spec?.expectedVersion !== undefined || stored.finishes-- <= 0) {
            logHalfApplied(runtime, context, stored, error);
            if (!isWrongExpectedRevision(error)) throw error;
            if (spec?.expectedVersion !== undefined) throw new StaleVersion();
            return await answer(runtime, context, options, stored);
          }
          runtime.logger?.info(
            { correlationId: context.correlationId, stored: [...stored.streams.keys()], conflict: error.streamId },
            'decision partly appended: the rest decided again on fresh state',
          );
          continue;
        }
        if (!isWrongExpectedRevision(error)) throw error;
        if (spec?.expectedVersion !== undefined) throw new StaleVersion();
        if (spec?.cached && cachedRetries-- > 0) continue;
        if (retries-- <= 0) throw new StaleVersion();
      }
    } finally {
      attempt.releaseTurn();
    }
  }
}

/** The command's answer once its events are stored: read-your-writes first, unless the caller waits itself. */
async function answer<R>(
  runtime: CommandRuntime,
  context: CommandContext,
  options: PipelineOptions,
  { value, position }: { value: R; position: Position },
): Promise<PipelineResult<R>> {
  if (options.waitForReadModels !== false) await waitForReadModels(runtime, context, position);
  return { value, position };
}

class Attempt implements CommandTx {
  readonly time: TimeContext;
  readonly specs = new Map<string, StreamSpec<unknown>>();
  readonly loaded = new Map<string, LoadedStream<unknown>>();
  readonly pending = new Map<string, Pending>();
  private readonly required = new Set<LoadedStream<unknown>>();
  /** Streams this attempt took from memory without reading them. */
  private readonly fromMemory: LoadedStream<unknown>[] = [];
  /**
   * The turn taken on the first stream kept in memory this attempt loads that takes turns (a booking's
   * day: its seats), held until its decision is set in memory: one turn only, waited for while holding
   * none, so two commands never wait on each other. Its other streams kept in memory are still checked
   * at the append.
   */
  private turn: Promise<() => void> | undefined;

  releaseTurn(): void {
    void this.turn?.then((release) => release());
  }

  /** Streams this attempt stored, in order, where the store appends them one after the other. */
  readonly appended: { stream: LoadedStream<unknown>; position: Position }[] = [];

  constructor(
    private readonly runtime: CommandRuntime,
    /** Finishing a decision partly stored: its time, and its stored streams as they were decided on. */
    private readonly stored: StoredPart<unknown> | null = null,
  ) {
    this.time = stored?.time ?? timeContext(runtime.clock, runtime.config.zone, runtime.config.bookingHorizonDays);
  }

  private get cacheable(): boolean {
    return this.runtime.states !== undefined && this.runtime.eventStore.atomicAppends;
  }

  async decide<State, Command, Event extends DomainEvent>(
    spec: StreamSpec<State, Event>,
    decide: DecideFn<State, Command, Event>,
    command: Command,
  ): Promise<Decided<State, Event>> {
    const stream = await this.load(spec);
    const events = decide(command, stream.state, this.time);
    return { events, version: this.append(stream, events), stream };
  }

  async load<State, Event extends DomainEvent>(spec: StreamSpec<State, Event>): Promise<LoadedStream<State>> {
    const known = this.loaded.get(spec.streamId);
    if (known) return known as LoadedStream<State>;
    const stored = this.stored?.streams.get(spec.streamId);
    if (stored) {
      // A stream stored by the decision being finished answers the state it was decided on: decided on
      // again the same way, its events are not appended twice.
      this.specs.set(spec.streamId, spec as StreamSpec<unknown>);
      this.loaded.set(spec.streamId, stored);
      return stored as LoadedStream<State>;
    }
    let entry: StreamStateEntry & { createdAt?: string | null };
    if (spec.fresh) entry = { fold: spec.evolve, state: spec.initialState(), revision: null, lastEventId: undefined };
    else if (spec.cached && this.cacheable) {
      if (!this.turn && spec.turns !== false) {
        this.turn = this.runtime.states!.turn(spec.streamId);
        await this.turn;
      }
      let read = false;
      entry = await this.runtime.states!.load(spec.streamId, spec.evolve, () => ((read = true), this.read(spec)));
      if (!read) this.fromMemory.push({ streamId: spec.streamId } as LoadedStream<unknown>);
    } else entry = await this.read(spec);
    const stream: LoadedStream<State> = {
      streamId: spec.streamId,
      state: entry.state as State,
      revision: entry.revision,
      lastEventId: entry.lastEventId,
      createdAt: entry.createdAt ?? null,
    };
    if (spec.expectedVersion !== undefined && BigInt(spec.expectedVersion) !== (stream.revision ?? -1n)) {
      // A stale version of a record that was never there is "not found", not "changed by someone else".
      if (stream.revision === null && spec.notFoundMessage) throw new NotFound(spec.notFoundMessage);
      throw new StaleVersion();
    }
    this.specs.set(spec.streamId, spec as StreamSpec<unknown>);
    this.loaded.set(spec.streamId, stream);
    return stream;
  }

  private async read<State, Event extends DomainEvent>(spec: StreamSpec<State, Event>) {
    const recorded = await this.runtime.eventStore.readStream(spec.streamId);
    const history = spec.upcast ? recorded.map(spec.upcast) : recorded;
    const last: RecordedEvent | undefined = history[history.length - 1];
    return {
      fold: spec.evolve,
      state: history.reduce((state, e) => spec.evolve(state, { type: e.type, data: e.data } as Event), spec.initialState()),
      revision: last ? last.revision : null,
      lastEventId: last?.id,
      createdAt: history[0]?.metadata.occurredAt ?? null,
    };
  }

  /**
   * True when every stream taken from memory ends, in the store, with the event memory ends with (one
   * read of the last event each); the others are dropped from memory.
   */
  async fromMemoryIsCurrent(): Promise<boolean> {
    let current = true;
    for (const { streamId } of this.fromMemory) {
      const [last] = await this.runtime.eventStore.readStream(streamId, { direction: 'backwards', maxCount: 1 });
      if (last?.id === this.loaded.get(streamId)?.lastEventId) continue;
      this.runtime.states!.drop(streamId);
      current = false;
    }
    return current;
  }

  append(stream: LoadedStream<unknown>, events: DomainEvent[], after?: unknown): number {
    const spec = this.specs.get(stream.streamId);
    if (!spec || this.loaded.get(stream.streamId) !== stream) throw new Error(`${stream.streamId} was not loaded by this command`);
    const earlier = this.pending.get(stream.streamId);
    const pending: Pending = earlier ?? { stream, spec, events: [], ...(after === undefined ? {} : { after: { state: after } }) };
    // A second append to the stream: its caller folded from the loaded state, not from the first one's.
    if (earlier) delete pending.after;
    pending.events.push(...events);
    this.pending.set(stream.streamId, pending);
    return Number(stream.revision ?? -1n) + pending.events.length;
  }

  require(stream: LoadedStream<unknown>): void {
    this.required.add(stream);
  }

  /** Whether this attempt decided events again on each of these (stored) streams. */
  decidedAgain(streamIds: Iterable<string>): boolean {
    for (const streamId of streamIds) if (!this.pending.get(streamId)?.events.length) return false;
    return true;
  }

  /** One append for the whole decision; the in-memory states move on at once, and back if it fails. */
  async commit(decided: Pending[], context: CommandContext, commandId: string): Promise<Position> {
    const metadata = metadataOf(this.runtime, context);
    const appends: StreamAppend[] = decided.map(({ stream, spec, events }) => ({
      ...expectation(stream, spec.cached === true && this.cacheable),
      events: withIds(commandId, stream.streamId, expectedOf(stream), events, metadata),
    }));
    if (this.runtime.eventStore.atomicAppends) {
      for (const stream of this.required) {
        if (!this.pending.has(stream.streamId)) appends.push({ ...expectation(stream, true), events: [] });
      }
    }
    const cached = decided.filter(({ spec }) => spec.cached && this.cacheable);
    // A stream kept in memory for other commands but appended here another way: they read it again.
    for (const { spec } of decided) if (!spec.cached) this.runtime.states?.drop(spec.streamId);
    // Stream by stream anyway: each noted once stored, so a conflict on a later one leaves known what is (stored-part.ts).
    if (!this.runtime.eventStore.atomicAppends) {
      return appendEach(this.runtime, context, appends, (i, position) => this.appended.push({ stream: decided[i]!.stream, position }));
    }
    for (const { stream, spec, events, after } of cached) {
      const state = after ? after.state : events.reduce((s, e) => spec.evolve(s, e), stream.state);
      const revision = (stream.revision ?? -1n) + BigInt(events.length);
      this.runtime.states!.set(stream.streamId, {
        fold: spec.evolve,
        state,
        revision,
        lastEventId: appends.find((a) => a.streamId === stream.streamId)!.events.at(-1)!.id,
      });
    }
    // The next command on these streams decides on this one's state: it need not wait for the write.
    this.releaseTurn();
    let results: AppendResult[];
    try {
      results = await appendOnceMore(this.runtime, appends);
    } catch (error) {
      for (const { stream } of cached) this.runtime.states!.drop(stream.streamId);
      if (isWrongExpectedRevision(error)) this.runtime.states?.drop(error.streamId);
      throw error;
    }
    return logAppended(this.runtime, context, appends, results);
  }
}

async function waitForReadModels(runtime: CommandRuntime, context: CommandContext, position: Position): Promise<void> {
  // Read-your-writes: the list a client refetches after this answer already holds the change.
  try {
    await runtime.readModels.waitFor(position);
  } catch (error) {
    context.onReadModelsBehind?.(error instanceof Error ? error : new Error(String(error)));
  }
}

export { streamOf, type CommandTx, type LoadedStream, type StreamSpec } from './command-tx.js';
export { pipelineScope, type PipelineAttempt } from './pipeline-scope.js';
