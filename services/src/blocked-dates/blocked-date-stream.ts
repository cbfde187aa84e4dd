import type { BlockedDateEvent } from '@cafe/contracts';
import type { CommandTx, LoadedStream, StreamSpec } from '../platform/commands/command-pipeline.js';
import { blockedDateEvolution, blockedDateStream, type BlockedDateState } from '../cafe-day/index.js';
import { blockedDateDecider, type BlockedDateCommand } from './blocked-date-decider.js';

/**
 * A date's block as a command loads it: kept in memory like the closed-day check every booking makes
 * (cafe-day's closedReason), taking no turn, so a command takes its turn on the day's seats.
 */
const blockSpec = (date: string): StreamSpec<BlockedDateState, BlockedDateEvent> => ({
  streamId: blockedDateStream(date),
  ...blockedDateEvolution,
  cached: true,
  turns: false,
});

export const loadBlock = (tx: CommandTx, date: string): Promise<LoadedStream<BlockedDateState>> => tx.load(blockSpec(date));

/** Decides a block command on a block loaded in this command and adds its events to the append. */
export function decideBlock(tx: CommandTx, block: LoadedStream<BlockedDateState>, command: BlockedDateCommand): BlockedDateEvent[] {
  const events = blockedDateDecider.decide(command, block.state, tx.time);
  tx.append(block, events);
  return events;
}
