import { Dialog, DialogBody } from '@blueprintjs/core';
import { DialogActions } from '../../../components/dialog-actions';
import { TickCircleIcon } from '../../../components/icons';
import { formatLongDate, formatTime12, tableUntilText, type PublicReservation } from '@cafe/contracts';
import { useState } from 'react';
import '../../../styles/forms.css';
import './reservation.css';

/** What was booked, and with a floor until when the table is the guest's (HH:mm). */
export type ConfirmedReservation = PublicReservation & { stayUntil?: string };

interface Props {
  reservation: ConfirmedReservation | null;
  onClose: () => void;
}

/** 'Reservation Confirmed!': what was booked, in the words and formats a guest reads. */
export function ReservationConfirmedDialog({ reservation, onClose }: Props) {
  // Keep the last booking on screen while the dialog animates closed (state adjusted while rendering).
  const [shown, setShown] = useState(reservation);
  if (reservation && reservation !== shown) setShown(reservation);
  const r = reservation ?? shown;
  return (
    <Dialog
      isOpen={reservation !== null}
      onClose={onClose}
      title="Reservation Confirmed!"
      icon={<TickCircleIcon className="icon-success" />}
      className="confirm-dialog"
      // The form takes the focus back (onClose), not the submit button that had it before.
      shouldReturnFocusOnClose={false}
    >
      {r ? (
        <DialogBody>
          <p className="confirm-lead">Thanks, {r.name}! Your table is booked. We can't wait to see you.</p>
          <dl className="confirm-list">
            <dt>Name</dt>
            <dd>{r.name}</dd>
            <dt>Email</dt>
            <dd>{r.email}</dd>
            <dt>Phone</dt>
            <dd>{r.phone}</dd>
            <dt>Party size</dt>
            <dd>
              {r.partySize} {r.partySize === 1 ? 'Person' : 'People'}
            </dd>
            <dt>Date</dt>
            <dd>{formatLongDate(r.date)}</dd>
            <dt>Time</dt>
            <dd>
              {formatTime12(r.time)}
              {r.stayUntil ? <span className="confirm-until"> · {tableUntilText(r.stayUntil)}</span> : null}
            </dd>
            {r.specialRequests ? (
              <>
                <dt>Special requests</dt>
                <dd>{r.specialRequests}</dd>
              </>
            ) : null}
          </dl>
          <p className="confirm-note">A confirmation email has been sent to {r.email}.</p>
        </DialogBody>
      ) : null}
      <DialogActions onClose={onClose} />
    </Dialog>
  );
}
