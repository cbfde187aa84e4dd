import type { EventStore, Position } from '../event-store/event-store.js';
import type { TimeContext } from '../clock.js';
import type { Decider, DomainEvent } from './decider.js';
import { fold } from './decider.js';
import { runPipeline } from './command-pipeline.js';
import type { CommandContext, CommandRuntime, ReadModelsToWaitFor, Upcaster } from './command-types.js';

export type { CommandContext, CommandRuntime, Upcaster } from './command-types.js';
export { STALE_VERSION_MESSAGE } from '@cafe/contracts';

/**
 * A command on one stream: the pipeline (command-pipeline.ts) loads it once, folds it with the
 * decider's evolve, decides once, appends with the revision it read and waits for the read models.
 * Every slice's `<slice>-commands.ts` runs its commands through here or through the pipeline itself.
 */

export interface CommandResult<Event extends DomainEvent> {
  events: Event[];
  /** Revision of the stream after the append (the version a client may send back as If-Match). */
  version: number;
  /** Position of the last appended event, or null when the decider decided nothing. */
  position: Position | null;
}

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
  /** Kept in memory between commands (a stream many commands read or contend for); see stream-states.ts. */
  cached?: boolean;
}

/**
 * @deprecated Write `runPipeline(runtime, context, (tx) => tx.decide(streamOf(decider, streamId, options), decider.decide, command))`
 * (platform/commands/README.md); removed once no slice calls it.
 */
export async function runCommand<State, Command, Event extends DomainEvent>(
  runtime: CommandRuntime,
  decider: Decider<State, Command, Event, TimeContext>,
  streamId: string,
  command: Command,
  context: CommandContext,
  options: RunCommandOptions = {},
): Promise<CommandResult<Event>> {
  const { value, position } = await runPipeline(
    runtime,
    context,
    async (tx) => {
      const stream = await tx.load({
        streamId,
        initialState: decider.initialState,
        evolve: decider.evolve,
        upcast: options.upcast,
        cached: options.cached,
        expectedVersion: options.expectedVersion,
        notFoundMessage: options.notFoundMessage,
      });
      const events = decider.decide(command, stream.state, tx.time);
      return { events, version: tx.append(stream, events) };
    },
    { retriesOnConflict: options.expectedVersion === undefined ? options.retriesOnConflict : 0 },
  );
  return { ...value, position };
}

/**
 * Reads and folds a stream without deciding anything: for rules that cross streams.
 * @deprecated Load it inside the command's pipeline: `await tx.load(streamOf(decider, streamId))` (read-only
 * when nothing is appended to it; platform/commands/README.md); removed once no slice calls it.
 */
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
export const NOT_WAITING: ReadModelsToWaitFor = { waitFor: async () => undefined };
