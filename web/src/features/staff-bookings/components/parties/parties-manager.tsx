import { Button, Callout, NonIdealState, Spinner } from '@blueprintjs/core';
import { formatLongDate, formatTime12, type PartyBookingOut } from '@cafe/contracts';
import { DateTime } from 'luxon';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router-dom';
import { adminParams, parseBookingParam } from '../../../../lib/admin-address';
import { errorDescription } from '../../../../lib/api-client';
import { ClosedDayFlag } from '../../../../components/closed-day/closed-day-flag';
import { useCafeClock } from '../../../../lib/cafe-clock';
import { toast } from '../../../../lib/toaster';
import { useClosedDays } from '../../../../lib/blocked-dates';
import { StackTable } from '../../../../components/stack-table';
import { ContactCell, EditDeleteButtons, RequestsCell } from '../shared/booking-cells';
import { useDialog } from '../../hooks/use-dialog';
import { useCancelBooking } from '../../api/cancel-booking';
import { useBookings } from '../../api/get-bookings';
import { PartyDecisionDialog } from '../dialogs/party-decision-dialog';
import { PartyEditDialog } from '../dialogs/party-edit-dialog';
import { PartyStatusTag } from '../shared/party-status-tag';
import { guests } from '../shared/party-types';
import './parties-manager.css';

/** 'Mon, Nov 23, 2026': the table keeps one line per date; the long form is in its tooltip. */
const shortDate = (iso: string) => DateTime.fromISO(iso, { zone: 'utc' }).setLocale('en-US').toFormat('ccc, LLL d, yyyy');

/** 'Special Event' when a booking has no event type (older bookings). */
const eventLabel = (p: PartyBookingOut) => (p.eventType ? p.eventTypeLabel : 'Special Event');

/** The Parties section: every party booking dated today or later, to approve, reject, edit or delete. */
export default function PartiesManager() {
  const parties = useBookings('party');
  const clock = useCafeClock();
  const closed = useClosedDays();
  const deciding = useDialog<PartyBookingOut>();
  const editing = useDialog<PartyBookingOut>();
  // A request asked for by the address (the header's search): its decision dialog opens, the address forgets it.
  const [params, setParams] = useSearchParams();
  const target = parseBookingParam(params.get(adminParams.booking));
  useEffect(() => {
    if (target?.kind !== 'party' || !parties.data) return;
    const party = parties.data.find((p) => p.id === target.id);
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.delete(adminParams.booking);
        return next;
      },
      { replace: true },
    );
    if (party) deciding.open(party);
    // Runs once per booking asked for, when the list has arrived.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [target?.id, parties.data]);
  const remove = useCancelBooking('party', {
    onSuccess: () => toast({ title: 'Party booking deleted successfully', intent: 'success' }),
    onError: (error) =>
      toast({ title: 'Delete failed', description: errorDescription(error, 'Failed to delete party booking'), intent: 'danger' }),
  });

  if (parties.isPending) return <Spinner aria-label="Loading party bookings" />;
  if (parties.isError) {
    return (
      <Callout intent="danger" role="alert" title="Could not load the party bookings">
        {errorDescription(parties.error, 'Please try again')}
      </Callout>
    );
  }
  const list = parties.data;
  return (
    <section className="parties-manager" aria-labelledby="parties-heading">
      <h2 id="parties-heading">Party Bookings ({list.length})</h2>
      {list.length === 0 ? (
        <NonIdealState title="No party bookings yet" description="Requests from the party form on the website appear here for approval." />
      ) : (
        <StackTable
          className="parties-table"
          columns={['Customer', 'Event Type', 'Date & Time', 'Party Size', 'Status', 'Special Requests', 'Actions']}
        >
          {list.map((p) => (
            <tr key={p.id} data-party-id={p.id}>
              <ContactCell label="Customer" booking={p} />
              <td data-label="Event Type">{eventLabel(p)}</td>
              <td data-label="Date & Time" className="cell-nowrap">
                <span title={formatLongDate(p.date)}>{shortDate(p.date)}</span>
                <div className="cell-muted">{formatTime12(p.time)}</div>
                {closed.has(p.date) ? (
                  <div className="closed-day-line">
                    <ClosedDayFlag reason={closed.get(p.date)!} />
                  </div>
                ) : null}
              </td>
              <td data-label="Party Size" className="cell-nowrap">
                {guests(p.partySize)}
              </td>
              <td data-label="Status">
                <PartyStatusTag status={p.status} />
                {p.adminNotes ? <div className="cell-muted party-notes">{p.adminNotes}</div> : null}
              </td>
              <RequestsCell text={p.specialRequests} />
              <td data-label="Actions" className="cell-nowrap">
                <div className="row-actions">
                  <Button
                    size="small"
                    intent={p.status === 'pending' ? 'primary' : 'none'}
                    onClick={() => deciding.open(p)}
                    aria-label={`${p.status === 'pending' ? 'Approve or reject' : 'Edit notes of'} ${p.name}'s party`}
                  >
                    {p.status === 'pending' ? 'Approve / Reject' : 'Edit notes'}
                  </Button>
                  <EditDeleteButtons
                    what={`${p.name}'s party`}
                    onEdit={() => editing.open(p)}
                    editDisabled={!clock.data}
                    onDelete={() => remove.mutate({ id: p.id, version: p.version })}
                    deleting={remove.isPending && remove.variables?.id === p.id}
                  />
                </div>
              </td>
            </tr>
          ))}
        </StackTable>
      )}
      {deciding.value ? <PartyDecisionDialog key={deciding.value.id} booking={deciding.value} onClose={deciding.close} /> : null}
      {editing.value && clock.data ? (
        <PartyEditDialog key={editing.value.id} booking={editing.value} today={clock.data.today} onClose={editing.close} />
      ) : null}
    </section>
  );
}
