import { randomUUID } from 'node:crypto';
import type { CafeEventChanges, CafeEventFields } from '@cafe/contracts';
import { runCommand, type CommandContext, type CommandRuntime } from '../platform/commands/command-runner.js';
import { cafeEventDecider, cafeEventStream } from './cafe-event-decider.js';

/** Command handlers for café events: the admin routes and the demo seed both go through these. */
export async function scheduleCafeEvent(deps: CommandRuntime, fields: CafeEventFields, context: CommandContext, id: string = randomUUID()) {
  const result = await runCommand(deps, cafeEventDecider, cafeEventStream(id), { type: 'ScheduleCafeEvent', eventId: id, fields }, context);
  return { id, result };
}

export function updateCafeEvent(deps: CommandRuntime, id: string, changes: CafeEventChanges, context: CommandContext) {
  return runCommand(deps, cafeEventDecider, cafeEventStream(id), { type: 'UpdateCafeEvent', changes }, context);
}

export function removeCafeEvent(deps: CommandRuntime, id: string, context: CommandContext) {
  return runCommand(deps, cafeEventDecider, cafeEventStream(id), { type: 'RemoveCafeEvent' }, context);
}
