import { randomUUID } from 'node:crypto';
import type { GameCopyChange, GameCopyFields, GameFacts, GameFields } from '@cafe/contracts';
import { runCommand, loadState, type CommandContext, type CommandRuntime } from '../platform/commands/command-runner.js';
import type { EventStore } from '../platform/event-store/event-store.js';
import { GAME_LIBRARY_STREAM, gameLibraryDecider, type GameLibraryCommand } from './game-library-decider.js';
import type { ImportRow } from './import-plan.js';

/**
 * The library's command handlers: the staff routes, the import and the demo seed go through these. The
 * library's stream stays in memory between commands (it is read by every one) and a concurrent writer's
 * append makes the command run again on fresh state rather than fail.
 */
function run(deps: CommandRuntime, command: GameLibraryCommand, context: CommandContext) {
  return runCommand(deps, gameLibraryDecider, GAME_LIBRARY_STREAM, command, context, { cached: true, retriesOnConflict: 3 });
}

export async function addGame(deps: CommandRuntime, fields: GameFields, context: CommandContext, id: string = randomUUID()) {
  const copyIds = fields.copies.map(() => randomUUID());
  const result = await run(deps, { type: 'AddGame', gameId: id, fields, copyIds }, context);
  return { id, result };
}

export function updateGame(deps: CommandRuntime, gameId: string, facts: GameFacts, context: CommandContext) {
  return run(deps, { type: 'UpdateGame', gameId, facts }, context);
}

export function removeGame(deps: CommandRuntime, gameId: string, context: CommandContext) {
  return run(deps, { type: 'RemoveGame', gameId }, context);
}

export async function addGameCopy(deps: CommandRuntime, gameId: string, copy: GameCopyFields, context: CommandContext) {
  const copyId = randomUUID();
  const result = await run(deps, { type: 'AddGameCopy', gameId, copyId, copy }, context);
  return { copyId, result };
}

export function changeGameCopy(deps: CommandRuntime, gameId: string, copyId: string, change: GameCopyChange, context: CommandContext) {
  return run(deps, { type: 'ChangeGameCopy', gameId, copyId, change }, context);
}

export function removeGameCopy(deps: CommandRuntime, gameId: string, copyId: string, context: CommandContext) {
  return run(deps, { type: 'RemoveGameCopy', gameId, copyId }, context);
}

/** One command, one decision: every game the file adds or updates and the import's summary, appended together. */
export function importLibrary(deps: CommandRuntime, fileName: string, rows: ImportRow[], context: CommandContext) {
  return run(deps, { type: 'ImportLibrary', fileName, rows }, context);
}

/** The library as the event store holds it (the preview judges a file against this, not a read model). */
export async function libraryState(eventStore: EventStore) {
  return (await loadState(eventStore, gameLibraryDecider, GAME_LIBRARY_STREAM)).state;
}
