import { Dialog, DialogBody, Spinner } from '@blueprintjs/core';
import { Suspense } from 'react';
import { PartyBookingForm } from './party-booking-form';
import './party-bookings.css';

/** 'Book Your Party': the party form in a dialog; focus goes back to the opening button on close. */
export default function PartyBookingDialog({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) {
  return (
    <Dialog isOpen={isOpen} onClose={onClose} title="Book Your Party" className="party-dialog">
      <DialogBody>
        <p className="dialog-lead">Tell us about your event and we'll reach out within a day to plan games, food and the space.</p>
        {/* The form waits for the café's today (GET /api/cafe-clock) inside the open dialog. */}
        <Suspense fallback={<Spinner size={28} />}>
          <PartyBookingForm onSubmitted={onClose} onCancel={onClose} />
        </Suspense>
      </DialogBody>
    </Dialog>
  );
}
