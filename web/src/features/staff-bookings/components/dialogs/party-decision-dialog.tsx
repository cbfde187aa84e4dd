import { Button, Callout, DialogBody, TextArea } from '@blueprintjs/core';
import { StaffDialog } from '../../../../components/staff-dialog';
import { DialogActions } from '../../../../components/dialog-actions';
import {
  PARTY_CHANGE_REJECTED_TOAST,
  formatLongDate,
  formatTime12,
  partyChangeWaitingMessage,
  type PartyBookingOut,
} from '@cafe/contracts';
import { useState } from 'react';
import { ClosedDayNotice } from '../../../../components/closed-day/closed-day-flag';
import { Field } from '../../../../components/form/field';
import { GuestEmail } from '../../../../components/guest-email';
import { errorDescription } from '../../../../lib/api-client';
import { toast } from '../../../../lib/toaster';
import { useClosedDays } from '../../../../lib/blocked-dates';
import { useDecidePartyBooking } from '../../api/decide-party-booking';
import { getBooking } from '../../api/get-bookings';
import { useConflict } from '../../hooks/use-conflict';
import { guests } from '../shared/party-types';
import { PartyStatusTag } from '../shared/party-status-tag';
import { useCapacityOverride } from './capacity-override';
import { BookingConflict } from './conflict-callout';
import { HistoryTabs } from './history-tabs';

const summary = (p: PartyBookingOut): [string, string][] => [
  ['Status', p.status],
  ['Admin notes', p.adminNotes || '—'],
  ['Decided by', p.approvedBy || '—'],
];

/**
 * Approve/Reject Party Booking with optional admin notes. A decided booking reopens with its status:
 * only the notes can change, and saving re-sends that same status.
 */
export function PartyDecisionDialog({ booking, onClose }: { booking: PartyBookingOut; onClose: () => void }) {
  const [notes, setNotes] = useState(booking.adminNotes ?? '');
  const [status, setStatus] = useState(booking.status);
  const conflict = useConflict(booking.version, () => getBooking('party', booking.id));
  const capacity = useCapacityOverride();
  const closedReason = useClosedDays().get(booking.date);
  const decide = useDecidePartyBooking({
    onSuccess: (input) => {
      // Rejecting a guest's change keeps the party approved as it was: say that, not "rejected".
      if (booking.heldAs && input.status === 'rejected') toast({ title: PARTY_CHANGE_REJECTED_TOAST, intent: 'success' });
      else
        toast({
          title: input.status === 'approved' ? 'Party booking approved!' : 'Party booking rejected!',
          description: `The booking has been ${input.status}`,
          intent: 'success',
        });
      onClose();
    },
    onError: (error, input) => {
      // Approving at a full time asks whether to seat the party anyway; a conflict is shown in the
      // dialog itself, with the current values; anything else is a toast.
      if (capacity.handleError(error, () => decide.mutate({ ...input, overrideCapacity: true }))) return;
      if (!conflict.handleError(error))
        toast({ title: 'Update failed', description: errorDescription(error, 'Failed to update party booking'), intent: 'danger' });
    },
  });
  const send = (next: 'approved' | 'rejected', version = conflict.version) =>
    decide.mutate({ id: booking.id, version, status: next, adminNotes: notes });
  const pending = status === 'pending';

  const decision = (
    <>
      <DialogBody>
        {closedReason ? <ClosedDayNotice reason={closedReason} /> : null}
        {booking.heldAs && pending ? (
          <Callout intent="warning" className="party-held-note">
            {partyChangeWaitingMessage(
              `${formatLongDate(booking.heldAs.date)} at ${formatTime12(booking.heldAs.time)}`,
              guests(booking.heldAs.partySize),
            )}
          </Callout>
        ) : null}
        <BookingConflict
          conflict={conflict}
          summary={summary}
          onReapply={(current) => {
            setStatus(current.status);
            // A decision taken meanwhile cannot be re-decided: only the notes go on top of it.
            const next = current.status === 'pending' ? decide.variables?.status : current.status;
            if (next) send(next, current.version);
          }}
          onDiscard={(current) => {
            setStatus(current.status);
            setNotes(current.adminNotes ?? '');
          }}
          busy={decide.isPending}
        />
        <dl className="party-summary">
          <div>
            <dt>Customer</dt>
            <dd>
              {booking.name}
              <br />
              <GuestEmail email={booking.email} />
              <br />
              {booking.phone}
            </dd>
          </div>
          <div>
            <dt>Event</dt>
            <dd>
              {booking.eventTypeLabel} · {guests(booking.partySize)}
            </dd>
          </div>
          <div>
            <dt>When</dt>
            <dd>
              {formatLongDate(booking.date)} at {formatTime12(booking.time)}
            </dd>
          </div>
          {booking.specialRequests ? (
            <div>
              <dt>Special requests</dt>
              <dd>{booking.specialRequests}</dd>
            </div>
          ) : null}
          <div>
            <dt>Status</dt>
            <dd>
              <PartyStatusTag status={status} />
            </dd>
          </div>
        </dl>
        {!pending ? <p className="booking-dialog-note">This booking has been {status}; only the admin notes can change.</p> : null}
        <Field
          id="party-admin-notes"
          label="Admin notes"
          optional
          // The decision's e-mail quotes them; a later edit of a decided booking's notes mails nobody.
          hint={
            pending
              ? 'The guest reads these notes in the e-mail telling them your decision.'
              : 'For staff only: the guest has been told already.'
          }
        >
          <TextArea
            id="party-admin-notes"
            aria-describedby="party-admin-notes-hint"
            fill
            rows={3}
            value={notes}
            onChange={(e) => setNotes(e.target.value)}
            placeholder="Deposit received, room booked, reason for declining…"
          />
        </Field>
      </DialogBody>
      <DialogActions onClose={onClose} busy={decide.isPending}>
        {pending ? (
          <>
            {/* Outlined: a filled destructive button belongs to a confirmation (styles/README.md). */}
            <Button
              intent="danger"
              variant="outlined"
              onClick={() => send('rejected')}
              loading={decide.isPending && decide.variables?.status === 'rejected'}
              disabled={decide.isPending}
            >
              Reject
            </Button>
            <Button
              intent="success"
              onClick={() => send('approved')}
              loading={decide.isPending && decide.variables?.status === 'approved'}
              disabled={decide.isPending}
            >
              Approve
            </Button>
          </>
        ) : (
          <Button intent="primary" onClick={() => send(status)} loading={decide.isPending}>
            Save Notes
          </Button>
        )}
      </DialogActions>
    </>
  );

  return (
    <StaffDialog
      isOpen
      onClose={onClose}
      title="Approve/Reject Party Booking"

      canOutsideClickClose={!decide.isPending}
    >
      <HistoryTabs
        id="party-decision-tabs"
        kind="party"
        bookingId={booking.id}
        mainId="decision"
        mainTitle="Decision"
        panel={decision}
        email={booking.email}
        onClose={onClose}
      />
      {capacity.alert}
    </StaffDialog>
  );
}
