import { formatLongDate, formatTime12 } from '@cafe/contracts';
import { ConfirmAlert } from '../../../../components/confirm-alert';
import './booking-dialog.css';

export const cancelConfirmText = (what: 'reservation' | 'party booking') =>
  `Are you sure you want to cancel this ${what}? This action cannot be undone.`;

interface ConfirmCancelProps {
  what: 'reservation' | 'party booking';
  isOpen: boolean;
  /** Which booking: 'Tess Table · Monday, November 23, 2026 at 6:00 PM'. */
  detail?: string;
  busy?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/** Cancelling a booking from the dashboard asks first (focus moves to the safe choice). */
export function ConfirmCancel({ what, isOpen, detail, busy, onConfirm, onClose }: ConfirmCancelProps) {
  return (
    <ConfirmAlert
      isOpen={isOpen}
      confirmText={what === 'reservation' ? 'Cancel reservation' : 'Cancel party booking'}
      cancelText="Keep it"
      loading={busy}
      onConfirm={onConfirm}
      onCancel={onClose}
      className="confirm-cancel"
    >
      <p>{cancelConfirmText(what)}</p>
      {detail ? <p className="confirm-cancel-detail">{detail}</p> : null}
    </ConfirmAlert>
  );
}

/** The booking a cancel confirmation names: 'Tess Table · Monday, November 23, 2026 at 6:00 PM'. */
export const bookingDetail = (b: { name: string; date: string; time: string }) =>
  `${b.name} · ${formatLongDate(b.date)} at ${formatTime12(b.time)}`;
