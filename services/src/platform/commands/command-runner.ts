import type { Position } from '../event-store/event-store.js';
import type { DomainEvent } from './decider.js';
import type { CommandRuntime, ReadModelsToWaitFor } from './command-types.js';

export type { CommandContext, CommandRuntime } from './command-types.js';

/**
 * What a command's caller needs besides the pipeline (command-pipeline.ts, the one door every command
 * writes through: README.md): the answer of a one-stream command, and running commands without waiting.
 */

/** What a one-stream command answers: `tx.decide`'s events and version, with the pipeline's position. */
export interface CommandResult<Event extends DomainEvent> {
  events: Event[];
  /** Revision of the stream after the append (the version a client may send back as If-Match). */
  version: number;
  /** Position of the last appended event, or null when the decider decided nothing. */
  position: Position | null;
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
