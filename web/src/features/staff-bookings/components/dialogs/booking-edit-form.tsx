import { Button, DialogBody } from '@blueprintjs/core';
import type { FormEventHandler, ReactNode } from 'react';
import type { FieldValues, FormState } from 'react-hook-form';
import { BusyButton } from '../../../../components/busy-button';
import { DialogActions } from '../../../../components/dialog-actions';
import { ClosedDayNotice } from '../../../../components/closed-day/closed-day-flag';
import { ErrorSummary } from '../../../../components/form/error-summary';
import './booking-dialog.css';

interface BookingEditFormProps {
  id?: string;
  ariaLabel: string;
  onSubmit: FormEventHandler<HTMLFormElement>;
  /** Shown above the fields (a conflict). */
  notice?: ReactNode;
  /** Why the café is closed on the booking's day, when it was kept on a closed day: said first. */
  closedReason?: string;
  children: ReactNode;
  /** The footer's 'Cancel reservation' button; absent when there is nothing to cancel yet. */
  cancelText?: string;
  onCancelBooking?: () => void;
  onClose: () => void;
  submitText: string;
  /** Any request of the dialog under way: every button waits. */
  busy: boolean;
  /** The save itself under way. */
  saving: boolean;
  /** The form's state, for the one announced summary of its errors. */
  formState: Pick<FormState<FieldValues>, 'errors' | 'submitCount'>;
}

/** The details form of a staff booking dialog: the fields in two columns, then Cancel booking, Close and Save. */
export function BookingEditForm(props: BookingEditFormProps) {
  const { id, ariaLabel, onSubmit, notice, children, cancelText, onCancelBooking, onClose, submitText, busy, saving, formState } = props;
  return (
    <form id={id} noValidate onSubmit={onSubmit} aria-label={ariaLabel}>
      <DialogBody>
        {props.closedReason ? <ClosedDayNotice reason={props.closedReason} /> : null}
        {notice}
        {/* SPEC says all but special requests; staff may now leave the e-mail empty too (issue 45). */}
        <p className="booking-dialog-note">All fields are required except the e-mail and special requests.</p>
        <div className="booking-dialog-form">{children}</div>
        <ErrorSummary formState={formState} />
      </DialogBody>
      <DialogActions
        onClose={onClose}
        busy={busy}
        start={
          cancelText && onCancelBooking ? (
            <Button intent="danger" variant="minimal" onClick={onCancelBooking} disabled={busy}>
              {cancelText}
            </Button>
          ) : null
        }
      >
        <BusyButton type="submit" intent="primary" busy={saving || busy} text={submitText} />
      </DialogActions>
    </form>
  );
}

/** Only what the admin changed (absent = unchanged on the server). */
export function changedFields<K extends string>(
  original: Partial<Record<K, unknown>>,
  next: Record<K, unknown>,
  fields: readonly K[],
): Record<string, unknown> {
  const changes: Record<string, unknown> = {};
  for (const key of fields) {
    if (next[key] !== (original[key] ?? undefined)) changes[key] = next[key];
  }
  return changes;
}
