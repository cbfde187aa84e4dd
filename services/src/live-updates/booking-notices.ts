import type { LiveChange, LiveNotice } from '@cafe/contracts';
import type { RecordedEvent } from '../platform/event-store/event-store.js';
import type { ReadModelChange } from '../platform/projections/read-model-changes.js';
import type { LiveMeaning, LiveNoticePart } from '../platform/runtime/live-notice-part.js';

/** What each event means on the dashboard, as the slices declare it (`liveNotices` on their Feature). */
export interface LiveMeanings {
  meaning: ReadonlyMap<string, LiveMeaning>;
  sameChangeAs: ReadonlyMap<string, string>;
}

export function liveMeaningsOf(parts: readonly LiveNoticePart[]): LiveMeanings {
  return {
    meaning: new Map(parts.flatMap((part) => Object.entries(part.meanings))),
    sameChangeAs: new Map(parts.flatMap((part) => Object.entries(part.sameChangeAs ?? {}))),
  };
}

/** Who in general, never who exactly: an e-mail address must not leave in a notice. */
function byWhom(event: RecordedEvent): LiveChange['by'] {
  const kind = event.metadata.actor.kind;
  return kind === 'admin' || kind === 'system' || kind === 'guest' ? kind : 'visitor';
}

/** The event another one goes with in the same decision (same stream, same request): counted once. */
const goesWith = (candidate: RecordedEvent, event: RecordedEvent, type: string) =>
  candidate.type === type && candidate.streamId === event.streamId && candidate.metadata.correlationId === event.metadata.correlationId;

/**
 * The dashboard's notice for a change of the read models, or null when no booking list changed.
 * Built from event types and actor kinds only: the events' data (names, e-mails, phones) is never read.
 */
export function bookingNotice(change: ReadModelChange, meanings: LiveMeanings): LiveNotice | null {
  const counts = new Map<string, LiveChange>();
  const readModels = new Set<string>();
  for (const { event, readModels: changed } of change.events) {
    const meaning = meanings.meaning.get(event.type);
    if (!meaning) continue;
    for (const name of changed) readModels.add(name);
    // Decided with another event that is the same change (a guest's change sending a party back to staff): counted once.
    const first = meanings.sameChangeAs.get(event.type);
    if (first !== undefined && change.events.some(({ event: e }) => goesWith(e, event, first))) continue;
    const by = byWhom(event);
    const key = `${meaning.kind}/${meaning.change}/${by}`;
    const known = counts.get(key);
    if (known) known.count++;
    else counts.set(key, { ...meaning, by, count: 1 });
  }
  if (counts.size === 0) return null;
  return { position: change.position.toString(), readModels: [...readModels].sort(), changes: [...counts.values()] };
}
