import type { TimeContext } from '../clock.js';
import type { Position } from '../event-store/event-store.js';
import type { Runtime } from '../runtime/runtime.js';
import {
  handleCommand,
  type CommandContext,
  type CommandDeps,
  type CommandResult,
  type Upcaster,
} from './command-handler.js';
import type { Decider, DomainEvent } from './decider.js';

/** What running a command needs of a process: its stores, clock and zone, and the read models to wait for. */
export type CommandRuntime = Pick<Runtime, 'eventStore' | 'clock' | 'config' | 'readModels'>;

export function commandDeps(runtime: Pick<Runtime, 'eventStore' | 'clock' | 'config'>): CommandDeps {
  return { eventStore: runtime.eventStore, clock: runtime.clock, zone: runtime.config.zone };
}

/**
 * Read-your-writes: answer only once the read models hold what was just appended. Takes a command's
 * result or the position of the last of several; null (nothing appended) returns at once.
 */
export async function settle(
  runtime: Pick<Runtime, 'readModels'>,
  written: { position: Position | null } | Position | null,
  timeoutMs?: number,
): Promise<void> {
  const position = written !== null && typeof written === 'object' ? written.position : written;
  if (position !== null) await runtime.readModels.waitFor(position, timeoutMs);
}

export interface RunCommandOptions {
  expectedVersion?: number;
  upcast?: Upcaster;
  /** Default true. False where the read models are built by a process that may not be up yet. */
  waitForReadModels?: boolean;
}

/** handleCommand, then wait until the read models hold its events: what every route answering a command does. */
export async function runCommand<State, Command, Event extends DomainEvent>(
  runtime: CommandRuntime,
  decider: Decider<State, Command, Event, TimeContext>,
  streamId: string,
  command: Command,
  context: CommandContext,
  options: RunCommandOptions = {},
): Promise<CommandResult<Event>> {
  const { waitForReadModels = true, ...handleOptions } = options;
  const result = await handleCommand(commandDeps(runtime), decider, streamId, command, context, handleOptions);
  if (waitForReadModels) await settle(runtime, result);
  return result;
}
