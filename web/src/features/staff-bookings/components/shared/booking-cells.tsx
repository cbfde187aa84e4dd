import { Button } from '@blueprintjs/core';
import { GuestEmail } from '../../../../components/guest-email';

/** Who booked: the name, then e-mail ('no e-mail' for a booking taken by phone) and phone. */
export function ContactCell({ label, booking }: { label: string; booking: { name: string; email: string; phone: string } }) {
  return (
    <td data-label={label}>
      <strong>{booking.name}</strong>
      <div className="cell-muted">
        <GuestEmail email={booking.email} />
      </div>
      <div className="cell-muted">{booking.phone}</div>
    </td>
  );
}

export function RequestsCell({ text }: { text: string | null | undefined }) {
  return (
    <td data-label="Special Requests" className="cell-wrap">
      {text || <span className="cell-muted">None</span>}
    </td>
  );
}

interface EditDeleteButtonsProps {
  /** Whose booking, for the buttons' accessible names: "Tess's party" gives 'Edit Tess's party'. */
  what: string;
  onEdit: () => void;
  onDelete: () => void;
  editDisabled?: boolean;
  deleting?: boolean;
}

/** A table row's Edit and Delete buttons. */
export function EditDeleteButtons({ what, onEdit, onDelete, editDisabled, deleting }: EditDeleteButtonsProps) {
  return (
    <>
      <Button size="small" onClick={onEdit} disabled={editDisabled} aria-label={`Edit ${what}`}>
        Edit
      </Button>
      <Button size="small" intent="danger" variant="outlined" loading={deleting} onClick={onDelete} aria-label={`Delete ${what}`}>
        Delete
      </Button>
    </>
  );
}
