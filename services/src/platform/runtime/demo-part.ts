import type { CommandContext, CommandRuntime } from '../commands/command-types.js';
import type { BlobStore } from '../blob-store/blob-store.js';
import type { Position } from '../event-store/event-store.js';

/** What a slice's demo content is written with: its own commands (in bulk: not waiting) and the blobs (photos). */
export interface DemoRuntime extends CommandRuntime {
  blobs: BlobStore;
}

/** What a slice seeded. */
export interface DemoSeeded {
  /** How many of each kind, for the start's log line (e.g. { categories: 4, items: 21 }); none for a setting. */
  counts: Record<string, number>;
  /** What the operator is told (e.g. '4 menu categories, 21 menu items', or 'the business info'). */
  told: string;
  /** Position of the last event appended (what read-your-writes waits for); null when nothing was. */
  position: Position | null;
}

/**
 * A slice's demo content (SEED_DEMO, `ops seed`): seeded through the slice's own commands, as the
 * actor and correlation the demo-seed engine gives, once, on a fresh store (demo-seed/demo-seed.ts).
 */
export interface DemoPart {
  seed(runtime: DemoRuntime, context: CommandContext): Promise<DemoSeeded>;
}

/** The later of two positions (null: nothing appended yet). */
export function laterPosition(a: Position | null, b: Position | null): Position | null {
  if (a === null) return b;
  return b !== null && b > a ? b : a;
}
