import type { BookingClosure, OpenTableImpact, RangeBooking } from '@cafe/contracts';
import type { CommandContext } from '../platform/commands/command-runner.js';
import type { ClosureKind, ClosurePart, ClosureRuntime, ClosureSettler } from '../platform/runtime/closure-parts.js';
import type { Feature } from '../platform/runtime/runtime.js';

/**
 * The slices taking part in a closure, as features.ts registers them (Feature.closures): the bookings,
 * the game nights' sign-ups and the open tables on the closed days. The closure asks them; it imports none.
 */
export type ClosuresRuntime = ClosureRuntime & { features: readonly Feature[] };
export type ClosureReads = Pick<ClosuresRuntime, 'documents' | 'features'>;

const partsOf = (runtime: Pick<ClosuresRuntime, 'features'>): ClosurePart[] =>
  runtime.features.flatMap((f) => (f.closures ? [f.closures] : []));

/**
 * What the parts have live from `from` to `to` of these kinds, read from their read models: by date and
 * time, the bookings first and then each time's game-night sign-ups, each part's list in its own order.
 */
export async function listedOn(runtime: ClosureReads, from: string, to: string, kinds: readonly ClosureKind[]): Promise<RangeBooking[]> {
  const lists = await Promise.all(
    partsOf(runtime)
      .flatMap((p) => (p.onDates && p.onDates.kinds.some((k) => kinds.includes(k)) ? [p.onDates] : []))
      .map((list) => list.read(runtime.documents, from, to)),
  );
  const rank = (b: RangeBooking) => (b.kind === 'signUp' ? 1 : 0);
  // Stable: each list keeps its own order within a date and time.
  return lists
    .flat()
    .filter((b) => kinds.includes(b.kind))
    .sort((a, b) => a.date.localeCompare(b.date) || a.time.localeCompare(b.time) || rank(a) - rank(b));
}

/** The part that settles this kind of thing. */
export function settlerOf(runtime: Pick<ClosuresRuntime, 'features'>, kind: ClosureKind): ClosureSettler {
  const settler = partsOf(runtime).find((p) => p.settles?.kind === kind)?.settles;
  if (!settler) throw new Error(`no closure part settles a ${kind}`);
  return settler;
}

/** The open tables from `from` to `to` with players to tell, as the preview lists them. */
export async function openTablesInRange(runtime: ClosureReads, from: string, to: string): Promise<OpenTableImpact[]> {
  const lists = await Promise.all(partsOf(runtime).flatMap((p) => (p.openTables ? [p.openTables(runtime.documents, from, to)] : [])));
  return lists.flat();
}

/** What follows the closure's cancellations in the other slices (the cancelled reservations' open tables close). */
export async function afterCancelled(
  runtime: ClosuresRuntime,
  cancelled: RangeBooking[],
  closureOf: (booking: RangeBooking) => BookingClosure,
  context: CommandContext,
): Promise<void> {
  for (const part of partsOf(runtime)) await part.afterCancelled?.(runtime, cancelled, closureOf, context);
}
