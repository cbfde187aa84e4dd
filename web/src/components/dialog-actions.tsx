import { Button } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import '../styles/forms.css';

/**
 * The one word that leaves a dialog without saving, public or staff. SPEC names it for
 * 'Reservation Confirmed!'; a booking dialog also holds 'Cancel reservation', so 'Cancel' would be ambiguous.
 */
export const DIALOG_CLOSE_TEXT = 'Close';

interface DialogActionsProps {
  onClose: () => void;
  /** A request of the dialog under way: Close waits too. */
  busy?: boolean;
  /** A secondary action kept apart on the left ('Cancel reservation', 'Clear All'). */
  start?: ReactNode;
  /** The actions after Close, the primary one last. None: Close is the dialog's one, primary action. */
  children?: ReactNode;
}

/**
 * Every dialog's footer (styles/README.md, dialog): the secondary action on the left, then Close, then the
 * primary action on the right, on a --line divider that stays in reach under a scrolling body.
 */
export function DialogActions({ onClose, busy, start, children }: DialogActionsProps) {
  return (
    <div className="dialog-actions">
      {start ? <div className="dialog-actions-start">{start}</div> : null}
      {/* One group: on a narrow screen the secondary action takes a row of its own, Close and the primary stay together. */}
      <div className="dialog-actions-end">
        <Button onClick={onClose} disabled={busy} intent={children ? 'none' : 'primary'} text={DIALOG_CLOSE_TEXT} />
        {children}
      </div>
    </div>
  );
}
