import type { StayChange, TableMove } from '@cafe/contracts';
import { runPipeline } from '../platform/commands/command-pipeline.js';
import type { CommandContext, CommandRuntime } from '../platform/commands/command-runner.js';
import { changeStayOn, moveTablesOn } from './day-tables.js';

/** Staff put a booking (or an event) at other tables: one decision on its day. */
export async function moveTables(runtime: CommandRuntime, move: TableMove, context: CommandContext): Promise<{ tables: string[] }> {
  const { value } = await runPipeline(runtime, context, async (tx) => ({ tables: await moveTablesOn(tx, move) }));
  return value;
}

/** Staff lengthen or shorten a stay: one decision on its day. */
export async function changeStay(runtime: CommandRuntime, change: StayChange, context: CommandContext) {
  const { value } = await runPipeline(runtime, context, async (tx) => ({ minutes: await changeStayOn(tx, change) }));
  return value;
}
