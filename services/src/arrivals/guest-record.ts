import type { GuestRecord } from '@cafe/contracts';
import type { VisitDoc } from './visits-projection.js';

const PAST_SHOWN = 10;

/**
 * A guest's record from their bookings: a visit is a booking whose guests came (arrived, seated,
 * finished); a no-show is counted as such; upcoming are live bookings from today on not yet marked.
 */
export function guestRecord(docs: VisitDoc[], today: string): GuestRecord {
  const came = (d: VisitDoc) => d.arrival === 'arrived' || d.arrival === 'seated' || d.arrival === 'finished';
  const brief = ({ kind, id, date, time, partySize }: VisitDoc) => ({ kind, id, date, time, partySize });
  const byWhen = (a: VisitDoc, b: VisitDoc) => a.date.localeCompare(b.date) || a.time.localeCompare(b.time);
  return {
    visits: docs.filter(came).length,
    noShows: docs.filter((d) => d.arrival === 'no-show').length,
    cancelled: docs.filter((d) => d.state === 'cancelled').length,
    upcoming: docs
      .filter((d) => d.state !== 'cancelled' && d.state !== 'rejected' && d.date >= today && d.arrival === 'expected')
      .sort(byWhen)
      .map(brief),
    past: docs
      .filter((d) => came(d) || d.arrival === 'no-show')
      .sort((a, b) => byWhen(b, a))
      .slice(0, PAST_SHOWN)
      .map((d) => ({ ...brief(d), status: d.arrival })),
  };
}
