import { zodResolver } from '@hookform/resolvers/zod';
import {
  ADMIN_RESERVATION_SIZES,
  adminReservationSchema,
  DEFAULT_RESERVATION_SIZE,
  formatLongDate,
  formatTime12,
  RESERVATION_PAST_MESSAGE,
  type AdminReservation,
  type CalendarEntry,
  type ReservationOut,
} from '@cafe/contracts';
import { useForm, type Resolver, type UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import { useCreateAdminReservation } from '../../api/create-admin-reservation';
import type { BookingFieldValues } from '../fields/use-booking-form';
import { AdminScheduleFields } from '../fields/admin-schedule-fields';
import { ContactFields, RequestsField, SizeField } from '../fields/booking-fields';
import { BookingDialog, useBookingEdit, type BookingDialogTexts } from './booking-dialog';
import { changedFields } from './booking-edit-form';
import { toast } from '../../../../lib/toaster';

type Values = z.input<ReturnType<typeof adminReservationSchema>>;
type Booking = Pick<CalendarEntry, 'id' | 'name' | 'email' | 'phone' | 'partySize' | 'date' | 'time' | 'specialRequests' | 'version'>;

const FIELDS = ['name', 'email', 'phone', 'partySize', 'date', 'time', 'specialRequests'] as const;
const people = (n: number) => `${n} ${n === 1 ? 'Person' : 'People'}`;

const TEXTS: BookingDialogTexts = {
  what: 'reservation',
  updated: 'Reservation updated',
  updateFailed: { title: 'Failed to update reservation', fallback: 'Please try again' },
  cancelled: 'Reservation deleted',
  cancelFailed: { title: 'Failed to delete reservation', fallback: 'Please try again' },
};

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

/** Edit Reservation (details + history) and Add New Reservation: the booking dialog with a reservation's fields. */
export function ReservationDialog({ booking, today, onClose }: ReservationDialogProps) {
  const editing = booking !== null;
  const form = useForm<Values, unknown, AdminReservation>({ resolver: resolverFor(today, booking), defaultValues: valuesOf(booking) });
  const edit = useBookingEdit('reservation', TEXTS, booking, onClose);
  // Staff add only reservations (SPEC): parties come from the public form.
  const create = useCreateAdminReservation({
    onSuccess: () => {
      void toast({ title: 'Reservation created', intent: 'success' });
      onClose();
    },
    onError: (error, input) => {
      if (!edit.capacity.handleError(error, () => create.mutate({ ...input, overrideCapacity: true })))
        edit.failed({ title: 'Failed to create reservation', fallback: 'Please try again' })(error);
    },
  });

  const save = (values: AdminReservation, version?: number) =>
    booking ? edit.save(changedFields(booking, values, FIELDS), version) : create.mutate(values);
  const idPrefix = editing ? 'edit-reservation' : 'add-reservation';
  const fields = { idPrefix, form: form as unknown as UseFormReturn<BookingFieldValues> };

  return (
    <BookingDialog
      edit={edit}
      title={editing ? 'Edit Reservation' : 'Add New Reservation'}
      idPrefix={idPrefix}
      submitText={editing ? 'Save Changes' : 'Create Reservation'}
      summary={summary}
      onSubmit={form.handleSubmit((values) => save(values))}
      onReapply={(current) => void form.handleSubmit((values) => save(values, current.version))()}
      onDiscard={(current) => form.reset(valuesOf(current))}
      formState={form.formState}
      busy={create.isPending || edit.update.isPending || edit.cancel.isPending}
      saving={create.isPending || edit.update.isPending}
      onClose={onClose}
    >
      <ContactFields fields={fields} />
      <SizeField fields={fields} label="Party size" sizes={ADMIN_RESERVATION_SIZES} format={people} />
      <AdminScheduleFields idPrefix={idPrefix} form={form} today={today} pastMessage={RESERVATION_PAST_MESSAGE} />
      <RequestsField fields={fields} placeholder="Seating, accessibility, a game to have ready…" />
    </BookingDialog>
  );
}
