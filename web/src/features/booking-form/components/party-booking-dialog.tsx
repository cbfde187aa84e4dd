import { Dialog, DialogBody, Spinner } from '@blueprintjs/core';
import { Suspense } from 'react';
import { PartyBookingForm } from './party-booking-form';
import '../../../styles/forms.css';
import './party-booking.css';

/**
 * 'Book Your Party': the party form in a dialog (its body scrolls, Cancel and Submit stay in reach);
 * focus goes back to the opening button on close.
 */
export default function PartyBookingDialog({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) {
  return (
    <Dialog isOpen={isOpen} onClose={onClose} title="Book Your Party" className="party-dialog">
      {/* The form waits for the café's today (GET /api/cafe-clock) inside the open dialog. */}
      <Suspense
        fallback={
          <DialogBody>
            <Spinner size={28} />
          </DialogBody>
        }
      >
        <PartyBookingForm onSubmitted={onClose} onCancel={onClose} />
      </Suspense>
    </Dialog>
  );
}
