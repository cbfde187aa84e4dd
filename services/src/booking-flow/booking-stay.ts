import { stayMinutesFor, type Floor } from '@cafe/contracts';
import type { CommandRuntime } from '../platform/commands/command-types.js';
import type { DocumentStore } from '../platform/document-store/document-store.js';
import type { Feature } from '../platform/runtime/runtime.js';

// How long a booking stays on a floor (issue 48): its party size's band, lengthened by the longest game it
// asked for, whose playing time the game library tells through the port it registers on its feature.

/** The longest playing time (minutes) of the games with these ids; null when none is known. */
export type GameMinutes = (ids: readonly string[]) => Promise<number | null>;

/**
 * What the booking flows are run with: a command runtime, and where it is the whole runtime (the routes'),
 * its read models and features, for the game library's port. Without them no game lengthens a stay.
 */
export type BookingRuntime = CommandRuntime & { documents?: DocumentStore; features?: readonly Pick<Feature, 'gameMinutes'>[] };

const none: GameMinutes = () => Promise.resolve(null);

/** The game library's port as registered on its feature (features.ts), bound to the runtime's read models. */
export function gameMinutesOf(runtime: BookingRuntime): GameMinutes {
  const { documents, features } = runtime;
  const port = features?.find((f) => f.gameMinutes)?.gameMinutes;
  return port && documents ? (ids) => (ids.length ? port(documents, ids) : Promise.resolve(null)) : none;
}

/** A booking's stay on the floor, in minutes: its size's band, at least its longest requested game (within the floor's bound). */
export async function stayOnFloor(floor: Floor, partySize: number, games: readonly string[] | undefined, gameMinutes: GameMinutes) {
  const longest = games?.length ? await gameMinutes(games) : null;
  return stayMinutesFor(floor.stays, partySize, longest);
}
