import { Dialog, DialogBody, Spinner } from '@blueprintjs/core';
import { Suspense, type ComponentType } from 'react';
import { PartyBookingForm } from './party-booking-form';
import type { WaitlistOfferProps } from './reservation-form';
import '../../../styles/forms.css';
import './party-booking.css';

/**
 * 'Book Your Party': the party form in a dialog (its body scrolls, Cancel and Submit stay in reach);
 * focus goes back to the opening button on close.
 */
interface PartyBookingDialogProps {
  isOpen: boolean;
  onClose: () => void;
  waitlist?: ComponentType<WaitlistOfferProps>;
}

export default function PartyBookingDialog({ isOpen, onClose, waitlist }: PartyBookingDialogProps) {
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
        <PartyBookingForm onSubmitted={onClose} onCancel={onClose} waitlist={waitlist} />
      </Suspense>
    </Dialog>
  );
}
