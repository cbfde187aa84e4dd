import type { LiveChange } from '@cafe/contracts';

/** What an event means on the staff dashboard's live updates: the kind of list it changes, and how. */
export type LiveMeaning = Pick<LiveChange, 'kind' | 'change'>;

/**
 * A slice's events as the staff dashboard's live updates count them (live-updates): registered as
 * `liveNotices` on its Feature, so live-updates knows no slice. An event no slice lists changes no list.
 */
export interface LiveNoticePart {
  /** By event type. */
  meanings: Readonly<Record<string, LiveMeaning>>;
  /**
   * An event type decided together with another of the same stream and request, and the same change for
   * the dashboard (counted once): type → the type it goes with.
   */
  sameChangeAs?: Readonly<Record<string, string>>;
}

/** A kind's event types: `created` makes one, `cancelled` cancels it, every other one changes it. */
export function liveMeanings(
  kind: LiveChange['kind'],
  types: readonly string[],
  ends: { created: string; cancelled?: string },
): Record<string, LiveMeaning> {
  const change = (type: string): LiveChange['change'] =>
    type === ends.created ? 'created' : type === ends.cancelled ? 'cancelled' : 'changed';
  return Object.fromEntries(types.map((type) => [type, { kind, change: change(type) }]));
}
