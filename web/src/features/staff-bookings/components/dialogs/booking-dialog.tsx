import { useState, type FormEventHandler, type ReactNode } from 'react';
import type { FieldValues, FormState } from 'react-hook-form';
import { StaffDialog } from '../../../../components/staff-dialog';
import { errorDescription } from '../../../../lib/api-client';
import { useClosedDays } from '../../../../lib/blocked-dates';
import { toast } from '../../../../lib/toaster';
import { tableUntilStaffText } from '../../../../lib/booking-tables';
import { useDayTables } from '../../../../lib/day-tables';
import { useCancelBooking } from '../../api/cancel-booking';
import { getBooking } from '../../api/get-bookings';
import { useUpdateBooking } from '../../api/update-booking';
import type { BookingKind, BookingTypes } from '../../../../lib/booking-paths';
import { useConflict } from '../../hooks/use-conflict';
import { BookingEditForm } from './booking-edit-form';
import { useCapacityOverride } from './capacity-override';
import { bookingDetail, ConfirmCancel } from './confirm-cancel';
import { BookingConflict } from './conflict-callout';
import { HistoryTabs } from './history-tabs';

interface Failure {
  title: string;
  /** The toast's text when the server gave no message. */
  fallback: string;
}

/** What a kind's edit dialog says (SPEC words them apart); everything else is the same for both kinds. */
export interface BookingDialogTexts {
  what: 'reservation' | 'party booking';
  updated: string;
  updateFailed: Failure;
  cancelled: string;
  cancelFailed: Failure;
}

/** The booking a dialog edits, as either list hands it over. */
export interface EditedBooking {
  id: string;
  version: number;
  name: string;
  date: string;
  time: string;
  /** The guest's e-mail, for their record's tab. */
  email?: string;
}

/**
 * A staff edit of one booking: changes go out with If-Match at the version the dialog opened with (a
 * 409 shows the current booking), "fully booked" asks whether to book anyway, cancelling asks first.
 */
export function useBookingEdit<K extends BookingKind>(
  kind: K,
  texts: BookingDialogTexts,
  booking: EditedBooking | null,
  onClose: () => void,
) {
  const [confirming, setConfirming] = useState(false);
  const conflict = useConflict(booking?.version ?? 0, () => getBooking(kind, booking!.id));
  const capacity = useCapacityOverride();
  const closedDays = useClosedDays();
  const closedReason = booking ? closedDays.get(booking.date) : undefined;
  const failed =
    ({ title, fallback }: Failure) =>
    (error: unknown) =>
      toast({ title, description: errorDescription(error, fallback), intent: 'danger' });

  const update = useUpdateBooking(kind, {
    onSuccess: () => {
      toast({ title: texts.updated, intent: 'success' });
      onClose();
    },
    onError: (error, input) => {
      // Fully booked asks whether to book anyway; a conflict is shown in the dialog itself, with the
      // current values; anything else is a toast.
      if (capacity.handleError(error, () => update.mutate({ ...input, overrideCapacity: true }))) return;
      if (!conflict.handleError(error)) failed(texts.updateFailed)(error);
    },
  });
  const cancel = useCancelBooking(kind, {
    onSuccess: () => {
      setConfirming(false);
      toast({ title: texts.cancelled, intent: 'success' });
      onClose();
    },
    onError: (error) => {
      setConfirming(false);
      if (!conflict.handleError(error)) failed(texts.cancelFailed)(error);
    },
  });

  /** Only what the admin changed goes out (see changedFields); nothing changed just closes the dialog. */
  const save = (changes: BookingTypes[K]['patch'], version = conflict.version) => {
    if (!booking) return;
    if (Object.keys(changes).length === 0) return onClose();
    update.mutate({ id: booking.id, version, changes });
  };

  return { kind, texts, booking, conflict, capacity, closedReason, failed, update, cancel, confirming, setConfirming, save };
}

export type BookingEdit<K extends BookingKind> = ReturnType<typeof useBookingEdit<K>>;

interface BookingDialogProps<K extends BookingKind> {
  edit: BookingEdit<K>;
  /** 'Edit Reservation', 'Add New Reservation', 'Edit Party Booking': the dialog's title and its form's name. */
  title: string;
  idPrefix: string;
  submitText: string;
  /** The booking as it is now, as label → value, when someone else changed it meanwhile. */
  summary: (current: BookingTypes[K]['stored']) => [string, string][];
  onSubmit: FormEventHandler<HTMLFormElement>;
  /** After a conflict: save the admin's values on top of the current booking, or take its values. */
  onReapply: (current: BookingTypes[K]['stored']) => void;
  onDiscard: (current: BookingTypes[K]['stored']) => void;
  formState: Pick<FormState<FieldValues>, 'errors' | 'submitCount'>;
  /** Any request of the dialog under way, and the save itself (a new reservation's too). */
  busy: boolean;
  saving: boolean;
  onClose: () => void;
  /** The kind's fields. */
  children: ReactNode;
}

/** A staff booking dialog: the details form (with the booking's History beside it once it exists), and its alerts. */
export function BookingDialog<K extends BookingKind>(props: BookingDialogProps<K>) {
  const { edit, title, idPrefix, busy, onClose } = props;
  const { booking, conflict, texts } = edit;
  // With a floor: where it sits and until when ("Table 7 until 8:30 PM"), from the booking or its day's floor.
  const dayTables = useDayTables(booking?.date ?? '');
  const seatedAt = booking ? (tableUntilStaffText(booking) ?? tableUntilStaffText({ tables: dayTables.get(booking.id) })) : null;
  const details = (
    <BookingEditForm
      id={`${idPrefix}-form`}
      ariaLabel={title}
      onSubmit={props.onSubmit}
      formState={props.formState}
      notice={
        <>
          {seatedAt ? <p className="booking-dialog-tables">{seatedAt}</p> : null}
          <BookingConflict
            conflict={conflict}
            summary={props.summary}
            onReapply={props.onReapply}
            onDiscard={props.onDiscard}
            busy={edit.update.isPending}
          />
        </>
      }
      closedReason={edit.closedReason}
      cancelText={booking ? `Cancel ${texts.what}` : undefined}
      onCancelBooking={() => edit.setConfirming(true)}
      onClose={onClose}
      submitText={props.submitText}
      busy={busy}
      saving={props.saving}
    >
      {props.children}
    </BookingEditForm>
  );

  return (
    <StaffDialog isOpen onClose={onClose} title={title} canOutsideClickClose={!busy}>
      {booking ? (
        <HistoryTabs
          id={`${idPrefix}-tabs`}
          kind={edit.kind}
          bookingId={booking.id}
          mainId="details"
          mainTitle="Details"
          panel={details}
          email={booking.email ?? ''}
          onClose={onClose}
        />
      ) : (
        details
      )}
      {edit.capacity.alert}
      {booking ? (
        <ConfirmCancel
          what={texts.what}
          detail={bookingDetail(booking)}
          isOpen={edit.confirming}
          busy={edit.cancel.isPending}
          onConfirm={() => edit.cancel.mutate({ id: booking.id, version: conflict.version })}
          onClose={() => edit.setConfirming(false)}
        />
      ) : null}
    </StaffDialog>
  );
}
