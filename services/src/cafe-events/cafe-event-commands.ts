import { randomUUID } from 'node:crypto';
import type { CafeEventChanges, CafeEventFields } from '@cafe/contracts';
import { handleCommand, type CommandContext, type CommandDeps } from '../platform/commands/command-handler.js';
import { cafeEventDecider, cafeEventStream } from './cafe-event-decider.js';

/** Command handlers for café events: the admin routes and the demo seed both go through these. */
export async function scheduleCafeEvent(deps: CommandDeps, fields: CafeEventFields, context: CommandContext, id: string = randomUUID()) {
  const result = await handleCommand(deps, cafeEventDecider, cafeEventStream(id), { type: 'ScheduleCafeEvent', eventId: id, fields }, context);
  return { id, result };
}

export function updateCafeEvent(deps: CommandDeps, id: string, changes: CafeEventChanges, context: CommandContext) {
  return handleCommand(deps, cafeEventDecider, cafeEventStream(id), { type: 'UpdateCafeEvent', changes }, context);
}

export function removeCafeEvent(deps: CommandDeps, id: string, context: CommandContext) {
  return handleCommand(deps, cafeEventDecider, cafeEventStream(id), { type: 'RemoveCafeEvent' }, context);
}
