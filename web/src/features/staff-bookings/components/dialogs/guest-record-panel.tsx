import { Callout, HTMLTable, Spinner, Tag } from '@blueprintjs/core';
import { ARRIVAL_LABELS, GUEST_RECORD_NOT_FOUND, formatTime12 } from '@cafe/contracts';
import { ApiError, errorDescription } from '../../../../lib/api-client';
import { useGuestRecord } from '../../api/guest-record';

const shortDate = (iso: string) =>
  new Date(`${iso}T12:00:00Z`).toLocaleDateString('en-US', {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });

/** The guest's record by e-mail (staff only): visits, no-shows, upcoming bookings, the last visits. */
export function GuestRecordPanel({ email }: { email: string }) {
  const record = useGuestRecord(email);
  if (!email) return <p className="cell-muted">This booking has no e-mail address, so no guest record.</p>;
  if (record.isPending) return <Spinner size={24} aria-label="Loading the guest's record" />;
  if (record.isError) {
    const none = record.error instanceof ApiError && record.error.status === 404;
    return none ? (
      <p className="cell-muted">{GUEST_RECORD_NOT_FOUND}</p>
    ) : (
      <Callout intent="danger" role="alert">
        {errorDescription(record.error, 'Could not load the record. Please try again.')}
      </Callout>
    );
  }
  const r = record.data;
  return (
    <section className="guest-record" aria-label={`Guest record of ${email}`}>
      <dl className="guest-record-counts">
        <div>
          <dt>Visits</dt>
          <dd>{r.visits}</dd>
        </div>
        <div>
          <dt>No-shows</dt>
          <dd>{r.noShows}</dd>
        </div>
        <div>
          <dt>Upcoming</dt>
          <dd>{r.upcoming.length}</dd>
        </div>
        <div>
          <dt>Cancelled</dt>
          <dd>{r.cancelled}</dd>
        </div>
      </dl>
      {r.upcoming.length + r.past.length > 0 ? (
        <HTMLTable compact className="guest-record-list" aria-label="The guest's bookings">
          <tbody>
            {[...r.upcoming.map((u) => ({ ...u, status: null })), ...r.past].map((b) => (
              <tr key={`${b.kind}-${b.id}`}>
                <td className="guest-record-when">
                  {shortDate(b.date)}, {formatTime12(b.time)}
                </td>
                <td>{b.partySize === 1 ? '1 person' : `${b.partySize} people`}</td>
                <td>
                  <Tag minimal round intent={b.status === 'no-show' ? 'danger' : b.status ? 'success' : 'none'}>
                    {b.status ? ARRIVAL_LABELS[b.status] : 'Upcoming'}
                  </Tag>
                </td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      ) : null}
    </section>
  );
}
