import { Alert } from '@blueprintjs/core';

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
    <Alert
      isOpen={isOpen}
      intent="danger"
      confirmButtonText={what === 'reservation' ? 'Cancel reservation' : 'Cancel party booking'}
      cancelButtonText="Keep it"
      loading={busy}
      canEscapeKeyCancel
      onConfirm={onConfirm}
      onCancel={onClose}
      className="confirm-cancel"
    >
      <p>{cancelConfirmText(what)}</p>
      {detail ? <p className="confirm-cancel-detail">{detail}</p> : null}
    </Alert>
  );
}
