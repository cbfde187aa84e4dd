import { randomUUID } from 'node:crypto';
import type { GameCopyChange, GameCopyFields, GameFacts, GameFields, ImportPreview } from '@cafe/contracts';
import type { CommandContext, CommandRuntime } from '../platform/commands/command-runner.js';
import { runPipeline, streamOf, type CommandTx } from '../platform/commands/command-pipeline.js';
import { GAME_LIBRARY_STREAM, gameLibraryDecider, type GameLibraryCommand } from './game-library-decider.js';
import { decideImport, planImport, previewOf, type ImportRow } from './import-plan.js';

/**
 * The library's command handlers: the staff routes, the import and the demo seed go through these. The
 * library's stream stays in memory between commands (it is read by every one) and a concurrent writer's
 * append makes the command run again on fresh state rather than fail.
 */
const libraryStream = () => streamOf(gameLibraryDecider, GAME_LIBRARY_STREAM, { cached: true });

function onLibrary<R>(runtime: CommandRuntime, context: CommandContext, body: (tx: CommandTx) => Promise<R>) {
  return runPipeline(runtime, context, body, { retriesOnConflict: 3 });
}

async function run(runtime: CommandRuntime, command: GameLibraryCommand, context: CommandContext) {
  const { value, position } = await onLibrary(runtime, context, (tx) => tx.decide(libraryStream(), gameLibraryDecider.decide, command));
  return { events: value.events, version: value.version, position };
}

export async function addGame(runtime: CommandRuntime, fields: GameFields, context: CommandContext, id: string = randomUUID()) {
  const copyIds = fields.copies.map(() => randomUUID());
  const result = await run(runtime, { type: 'AddGame', gameId: id, fields, copyIds }, context);
  return { id, result };
}

export function updateGame(runtime: CommandRuntime, gameId: string, facts: GameFacts, context: CommandContext) {
  return run(runtime, { type: 'UpdateGame', gameId, facts }, context);
}

export function removeGame(runtime: CommandRuntime, gameId: string, context: CommandContext) {
  return run(runtime, { type: 'RemoveGame', gameId }, context);
}

export async function addGameCopy(runtime: CommandRuntime, gameId: string, copy: GameCopyFields, context: CommandContext) {
  const copyId = randomUUID();
  const result = await run(runtime, { type: 'AddGameCopy', gameId, copyId, copy }, context);
  return { copyId, result };
}

export function changeGameCopy(runtime: CommandRuntime, gameId: string, copyId: string, change: GameCopyChange, context: CommandContext) {
  return run(runtime, { type: 'ChangeGameCopy', gameId, copyId, change }, context);
}

export function removeGameCopy(runtime: CommandRuntime, gameId: string, copyId: string, context: CommandContext) {
  return run(runtime, { type: 'RemoveGameCopy', gameId, copyId }, context);
}

/**
 * One command, one decision: every game the file adds or updates and the import's summary, appended
 * together. Answers the plan it appended (planned once, on the library it decided on).
 */
export async function importLibrary(
  runtime: CommandRuntime,
  fileName: string,
  rows: ImportRow[],
  context: CommandContext,
): Promise<ImportPreview> {
  const { value } = await onLibrary(runtime, context, async (tx) => {
    const library = await tx.load(libraryStream());
    const { plan, events } = decideImport(library.state, fileName, rows);
    tx.append(library, events);
    return previewOf(plan, rows.length);
  });
  return value;
}

/**
 * What importing the file would do, judged against the library as the store holds it (read afresh, not
 * from memory nor a read model): decides nothing, so nothing is appended.
 */
export async function previewImport(runtime: CommandRuntime, rows: ImportRow[], context: CommandContext): Promise<ImportPreview> {
  const { value } = await runPipeline(runtime, context, async (tx) => {
    const library = await tx.load(streamOf(gameLibraryDecider, GAME_LIBRARY_STREAM));
    return previewOf(planImport(library.state, rows), rows.length);
  });
  return value;
}
