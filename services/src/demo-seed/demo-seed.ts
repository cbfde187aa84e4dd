import { randomUUID } from 'node:crypto';
import type { Actor } from '@cafe/contracts';
import { withoutWaiting, type CommandContext } from '../platform/commands/command-runner.js';
import type { EventStore, Position } from '../platform/event-store/event-store.js';
import { laterPosition, type DemoRuntime } from '../platform/runtime/demo-part.js';
import type { Feature } from '../platform/runtime/runtime.js';

export const DEMO_SEED_ACTOR = { kind: 'system', name: 'demo-seed' } as const satisfies Actor;
/** More events than this and the store is certainly in use. */
const SCAN_LIMIT = 1000;

export interface SeedRuntime extends DemoRuntime {
  /** Every feature, with the demo content each registered (features.ts), seeded in this order. */
  features: readonly Pick<Feature, 'demo'>[];
}

export interface SeedReport {
  /** How many of each kind the features seeded (menu categories, items, events, images, games). */
  counts: Record<string, number>;
  /** What the operator is told, e.g. '4 menu categories, 21 menu items, …, 67 games and the business info'. */
  told: string;
  /** Position of the last event appended (what read-your-writes waits for). */
  position: Position | null;
}

/**
 * Is this store empty as far as the demo is concerned? Only events written by the system at start-up
 * (such as the ADMIN_EMAILS whitelist) may be there: anything a person did, or an earlier seed, means
 * the store is in use and is never touched.
 */
export async function storeIsFresh(eventStore: EventStore): Promise<{ fresh: boolean; events: number }> {
  const events = await eventStore.readAll({ maxCount: SCAN_LIMIT + 1 });
  const fresh =
    events.length <= SCAN_LIMIT &&
    events.every((e) => e.metadata.actor.kind === 'system' && e.metadata.actor.name !== DEMO_SEED_ACTOR.name);
  return { fresh, events: events.length };
}

/**
 * Seeds the living demo: each feature's demo content (its `demo`, through its own commands and contract
 * schemas), in the features' order, as the system actor 'demo-seed' under one correlation id. Returns
 * null, having written nothing, when the store is not fresh.
 */
export async function seedDemo(runtime: SeedRuntime, runId = randomUUID()): Promise<SeedReport | null> {
  if (!(await storeIsFresh(runtime.eventStore)).fresh) return null;
  // In bulk: the caller waits once for the last position instead of after every command.
  const deps = withoutWaiting(runtime);
  const context: CommandContext = { actor: DEMO_SEED_ACTOR, correlationId: runId, causationId: `demo-seed:${runId}` };
  const counts: Record<string, number> = {};
  const counted: string[] = [];
  const set: string[] = [];
  let position: Position | null = null;
  for (const { demo } of runtime.features) {
    if (!demo) continue;
    const seeded = await demo.seed(deps, context);
    Object.assign(counts, seeded.counts);
    // What was counted is told first, what was set once (the business info) last.
    (Object.keys(seeded.counts).length > 0 ? counted : set).push(seeded.told);
    position = laterPosition(position, seeded.position);
  }
  return { counts, told: listed([...counted, ...set]), position };
}

/** 'a, b and c'. */
function listed(parts: string[]): string {
  return parts.length > 1 ? `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}` : (parts[0] ?? 'nothing');
}
