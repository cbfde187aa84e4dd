import { Callout, Spinner, Tag } from '@blueprintjs/core';
import { errorDescription } from '../../../../lib/api-client';
import type { BookingKind } from '../../../../lib/booking-paths';
import { useBookingHistory } from '../../api/get-booking-history';
import { useArrivalHistory } from '../../api/arrivals';
import { fieldLabel, showValue } from './booking-history-values';
import './booking-history.css';

/** The audit trail of one booking: each change, who made it, when (café time), from → to, and notes. */
/** Who did it, for everyone but staff (shown by e-mail). 'Guest' is the booking's own guest, through their e-mailed link. */
const ACTOR_TAGS: Partial<Record<string, string>> = { visitor: 'Visitor', guest: 'Guest', system: 'System' };

export function BookingHistoryList({ kind, id }: { kind: BookingKind; id: string }) {
  const history = useBookingHistory(kind, id);
  // Arrivals are kept by their own read model: merged in by when they happened.
  const arrivals = useArrivalHistory(kind, id);
  if (history.isPending) return <Spinner size={24} aria-label="Loading history" />;
  if (history.isError) {
    return (
      <Callout intent="danger" role="alert">
        {errorDescription(history.error, 'Could not load the history. Please try again.')}
      </Callout>
    );
  }
  const events = [...history.data.events, ...(arrivals.data?.events ?? [])]
    .sort((a, b) => a.at.localeCompare(b.at) || a.version - b.version)
    .reverse();
  const zone = history.data.zone;
  return (
    <ol className="booking-history" aria-label="Booking history, newest first">
      {events.map((e) => (
        <li key={`${e.type}-${e.version}`} className="booking-history-entry">
          <div className="booking-history-head">
            <strong>{e.what}</strong>
            <Tag minimal round intent={e.actorKind === 'admin' ? 'primary' : e.actorKind === 'guest' ? 'success' : 'none'}>
              {ACTOR_TAGS[e.actorKind] ?? `by ${e.by}`}
            </Tag>
          </div>
          <div className="booking-history-when">
            <time dateTime={e.at}>{e.when}</time>
          </div>
          {e.changes.length > 0 ? (
            <ul className="booking-history-changes">
              {e.changes.map((c) => (
                <li key={c.field}>
                  <span className="booking-history-field">{fieldLabel(c.field)}:</span>{' '}
                  {c.from === undefined || c.from === null ? (
                    <span>{showValue(c.field, c.to, zone, kind)}</span>
                  ) : (
                    <>
                      <span className="booking-history-from">{showValue(c.field, c.from, zone, kind)}</span> →{' '}
                      <span>{showValue(c.field, c.to, zone, kind)}</span>
                    </>
                  )}
                </li>
              ))}
            </ul>
          ) : null}
          {e.notes && !e.changes.some((c) => c.field === 'adminNotes') ? <p className="booking-history-notes">Notes: {e.notes}</p> : null}
        </li>
      ))}
    </ol>
  );
}
