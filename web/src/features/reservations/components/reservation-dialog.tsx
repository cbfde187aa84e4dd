import { StaffDialog } from '../../../components/staff-dialog';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  ADMIN_RESERVATION_SIZES,
  adminReservationSchema,
  DEFAULT_RESERVATION_SIZE,
  formatLongDate,
  formatTime12,
  RESERVATION_PAST_MESSAGE,
  type AdminReservation,
  type AdminReservationPatch,
  type CalendarEntry,
  type ReservationOut,
} from '@cafe/contracts';
import { useState } from 'react';
import { useForm, type Resolver, type UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import { ContactFields, RequestsField, SizeField, type BookingFieldValues } from '../../booking-form';
import { errorDescription } from '../../../lib/api-client';
import { toast } from '../../../lib/toaster';
import { useClosedDays } from '../../../lib/blocked-dates';
import {
  AdminScheduleFields,
  BookingConflict,
  BookingEditForm,
  bookingDetail,
  changedFields,
  ConfirmCancel,
  HistoryTabs,
  useCapacityOverride,
  useConflict,
} from '../../booking-dialogs';
import { useCreateAdminReservation } from '../api/create-admin-reservation';
import { useDeleteReservation } from '../api/delete-reservation';
import { getReservation } from '../api/get-reservations';
import { useUpdateReservation } from '../api/update-reservation';

type Values = z.input<ReturnType<typeof adminReservationSchema>>;
type Booking = Pick<CalendarEntry, 'id' | 'name' | 'email' | 'phone' | 'partySize' | 'date' | 'time' | 'specialRequests' | 'version'>;

const FIELDS = ['name', 'email', 'phone', 'partySize', 'date', 'time', 'specialRequests'] as const;
const people = (n: number) => `${n} ${n === 1 ? 'Person' : 'People'}`;

const valuesOf = (b: Booking | null): Values => ({
  name: b?.name ?? '',
  email: b?.email ?? '',
  phone: b?.phone ?? '',
  partySize: b?.partySize ?? DEFAULT_RESERVATION_SIZE,
  date: b?.date ?? '',
  time: b?.time ?? '',
  specialRequests: b?.specialRequests ?? '',
});

/** Validated with the contract schema; a booking whose date and time stay as they were may be in the past. */
function resolverFor(today: string, original: Booking | null): Resolver<Values, unknown, AdminReservation> {
  return (values, context, options) => {
    const unchanged = original && values.date === original.date && values.time === original.time;
    return zodResolver(adminReservationSchema(unchanged ? null : today))(values, context, options);
  };
}

const summary = (r: ReservationOut): [string, string][] => [
  ['Name', r.name],
  ['Email', r.email],
  ['Phone', r.phone],
  ['Party size', people(r.partySize)],
  ['Date', formatLongDate(r.date)],
  ['Time', formatTime12(r.time)],
  ['Special requests', r.specialRequests || '—'],
];

interface ReservationDialogProps {
  /** The reservation to edit, or null for Add New Reservation. */
  booking: Booking | null;
  /** Today in the café (from the server). */
  today: string;
  onClose: () => void;
}

/** Edit Reservation (details + history) and Add New Reservation. */
export function ReservationDialog({ booking, today, onClose }: ReservationDialogProps) {
  const editing = booking !== null;
  const [confirming, setConfirming] = useState(false);
  const form = useForm<Values, unknown, AdminReservation>({ resolver: resolverFor(today, booking), defaultValues: valuesOf(booking) });
  const conflict = useConflict(booking?.version ?? 0, () => getReservation(booking!.id));
  const capacity = useCapacityOverride();
  const closedDays = useClosedDays();
  const closedReason = booking ? closedDays.get(booking.date) : undefined;
  const failed = (title: string) => (error: unknown) =>
    void toast({ title, description: errorDescription(error, 'Please try again'), intent: 'danger' });

  const create = useCreateAdminReservation({
    onSuccess: () => {
      void toast({ title: 'Reservation created', intent: 'success' });
      onClose();
    },
    onError: (error, input) => {
      if (!capacity.handleError(error, () => create.mutate({ ...input, overrideCapacity: true })))
        failed('Failed to create reservation')(error);
    },
  });
  const update = useUpdateReservation({
    onSuccess: () => {
      void toast({ title: 'Reservation updated', intent: 'success' });
      onClose();
    },
    onError: (error, input) => {
      // Fully booked asks whether to book anyway; a conflict is shown in the dialog itself, with the
      // current values; anything else is a toast.
      if (capacity.handleError(error, () => update.mutate({ ...input, overrideCapacity: true }))) return;
      if (!conflict.handleError(error)) failed('Failed to update reservation')(error);
    },
  });
  const remove = useDeleteReservation({
    onSuccess: () => {
      setConfirming(false);
      void toast({ title: 'Reservation deleted', intent: 'success' });
      onClose();
    },
    onError: (error) => {
      setConfirming(false);
      if (!conflict.handleError(error)) failed('Failed to delete reservation')(error);
    },
  });

  const save = (values: AdminReservation, version = conflict.version) => {
    if (!booking) return create.mutate(values);
    const changes: AdminReservationPatch = changedFields(booking, values, FIELDS);
    if (Object.keys(changes).length === 0) return onClose();
    update.mutate({ id: booking.id, version, changes });
  };
  const busy = create.isPending || update.isPending || remove.isPending;
  const idPrefix = editing ? 'edit-reservation' : 'add-reservation';
  const fields = { idPrefix, form: form as unknown as UseFormReturn<BookingFieldValues> };

  const details = (
    <BookingEditForm
      id={`${idPrefix}-form`}
      ariaLabel={editing ? 'Edit Reservation' : 'Add New Reservation'}
      onSubmit={form.handleSubmit((values) => save(values))}
      formState={form.formState}
      notice={
        <BookingConflict
          conflict={conflict}
          summary={summary}
          onReapply={(current) => void form.handleSubmit((values) => save(values, current.version))()}
          onDiscard={(current) => form.reset(valuesOf(current))}
          busy={update.isPending}
        />
      }
      closedReason={closedReason}
      cancelText={editing ? 'Cancel reservation' : undefined}
      onCancelBooking={() => setConfirming(true)}
      onClose={onClose}
      submitText={editing ? 'Save Changes' : 'Create Reservation'}
      busy={busy}
      saving={create.isPending || update.isPending}
    >
      <ContactFields fields={fields} />
      <SizeField fields={fields} label="Party size" sizes={ADMIN_RESERVATION_SIZES} format={people} />
      <AdminScheduleFields idPrefix={idPrefix} form={form} today={today} pastMessage={RESERVATION_PAST_MESSAGE} />
      <RequestsField fields={fields} placeholder="Seating, accessibility, a game to have ready…" />
    </BookingEditForm>
  );

  return (
    <StaffDialog
      isOpen
      onClose={onClose}
      title={editing ? 'Edit Reservation' : 'Add New Reservation'}

      canOutsideClickClose={!busy}
    >
      {editing ? (
        <HistoryTabs
          id={`${idPrefix}-tabs`}
          kind="reservation"
          bookingId={booking.id}
          mainId="details"
          mainTitle="Details"
          panel={details}
        />
      ) : (
        details
      )}
      {capacity.alert}
      {editing ? (
        <ConfirmCancel
          what="reservation"
          detail={bookingDetail(booking)}
          isOpen={confirming}
          busy={remove.isPending}
          onConfirm={() => remove.mutate({ id: booking.id, version: conflict.version })}
          onClose={() => setConfirming(false)}
        />
      ) : null}
    </StaffDialog>
  );
}
