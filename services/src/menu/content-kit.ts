import type { Runtime } from '../platform/runtime/runtime.js';
import type { CommandDeps, CommandResult } from '../platform/commands/command-handler.js';
import type { DomainEvent } from '../platform/commands/decider.js';
import { NotFoundError } from '../platform/errors.js';

/** Small helpers the content slices (menu, events, gallery, business info) share. */
export function commandDeps(runtime: Runtime): CommandDeps {
  return { eventStore: runtime.eventStore, clock: runtime.clock, zone: runtime.config.zone };
}

/** Read-your-writes: answer only once the read models hold what was just appended. */
export async function settle(runtime: Runtime, result: CommandResult<DomainEvent>): Promise<void> {
  if (result.position !== null) await runtime.readModels.waitFor(result.position);
}

/** The fields of `changes` that are given and differ from `current` (undefined means "leave as is"). */
export function onlyChanged<T extends object>(current: T, changes: Partial<T>): Partial<T> {
  const out: Partial<T> = {};
  for (const [key, value] of Object.entries(changes) as [keyof T, T[keyof T] | undefined][]) {
    if (value !== undefined && !sameValue(current[key], value)) out[key] = value;
  }
  return out;
}

function sameValue(a: unknown, b: unknown): boolean {
  return a === b || JSON.stringify(a) === JSON.stringify(b);
}

/** Ids travel in URLs and stream names: uuids, or the demo's readable ids. Anything else is not there. */
export function checkId(id: string, notFound: string): string {
  if (!/^[A-Za-z0-9][\w-]{0,63}$/.test(id)) throw new NotFoundError(notFound);
  return id;
}
