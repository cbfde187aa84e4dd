import { DialogBody } from '@blueprintjs/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { CLOSURE_REASON_HINT, HOURS_CHOICE_MESSAGE, formatLongDate, type HoursImpact, type RangeBooking } from '@cafe/contracts';
import { useEffect } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { BusyButton } from '../../../components/busy-button';
import { DialogActions } from '../../../components/dialog-actions';
import { StaffDialog } from '../../../components/staff-dialog';
import { ClosureImpact, plural, type BookingsChoice } from '../../../components/closure-preview/closure-impact';
import { FORM_VALIDATION } from '../../../components/form/form-validation';

const choiceSchema = z.object({ bookings: z.enum(['keep', 'cancel'], { error: HOURS_CHOICE_MESSAGE }) });
type Choice = z.input<typeof choiceSchema>;

interface HoursClosureDialogProps {
  /** The bookings the save would close or leave outside the hours (the server's 409), or null: closed. */
  impact: HoursImpact | null;
  busy: boolean;
  onClose: () => void;
  onConfirm: (bookings: BookingsChoice) => void;
}

/** Under which heading a booking is listed: the holiday closing its day, or the new hours. */
const groupOf = (closing: HoursImpact['closing']) => (b: RangeBooking) => {
  const day = closing.find((c) => c.date === b.date);
  return day ? `Closing ${formatLongDate(day.date)} (${day.reason})` : 'Outside the new hours';
};

/**
 * Saving Business Info that closes a holiday or shortens a day holding bookings: the same preview the
 * Blocked Dates range dialog shows (who is booked, then keep them or cancel them with an e-mail to each
 * guest), asked before anything is saved.
 */
export function HoursClosureDialog({ impact, busy, onClose, onConfirm }: HoursClosureDialogProps) {
  const form = useForm<Choice, unknown, z.output<typeof choiceSchema>>({ ...FORM_VALIDATION, resolver: zodResolver(choiceSchema) });
  const choice = useWatch({ control: form.control, name: 'bookings' });
  // Each preview asks afresh.
  useEffect(() => form.reset({}), [impact, form]);
  const count = impact?.bookings.length ?? 0;
  const closing = impact?.closing ?? [];
  const state = { query: { isError: false, error: null, isFetching: false }, shown: impact, count };
  const confirm =
    choice === 'cancel'
      ? `Save and cancel ${plural(count, 'booking')}`
      : choice === 'keep'
        ? `Save and keep ${plural(count, 'booking')}`
        : 'Save';
  return (
    <StaffDialog isOpen={impact !== null} onClose={onClose} title="Bookings on the days you change" className="hours-closure-dialog">
      <form
        noValidate
        aria-label="Bookings on the days you change"
        onSubmit={(e) => {
          // The dialog is portalled out of the Business Info form, but React still bubbles its submit there.
          e.stopPropagation();
          void form.handleSubmit((values) => onConfirm(values.bookings))(e);
        }}
      >
        <DialogBody>
          {closing.length > 0 ? (
            <p className="range-impact-hint">
              {closing.length === 1 ? 'This closes ' : 'These close '}
              {closing.map((c) => `${formatLongDate(c.date)} (${c.reason})`).join('; ')}. {CLOSURE_REASON_HINT}
            </p>
          ) : null}
          <ClosureImpact form={form} scope="hours" name="hours-bookings" hint={null} impact={state} groupOf={groupOf(closing)} />
        </DialogBody>
        <DialogActions onClose={onClose} busy={busy}>
          <BusyButton type="submit" intent={choice === 'cancel' ? 'danger' : 'primary'} busy={busy} text={confirm} />
        </DialogActions>
      </form>
    </StaffDialog>
  );
}
