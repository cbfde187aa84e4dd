import { zodResolver } from '@hookform/resolvers/zod';
import {
  ADMIN_RESERVATION_SIZES,
  adminReservationSchema,
  DEFAULT_RESERVATION_SIZE,
  formatLongDate,
  formatTime12,
  NO_EMAIL,
  RESERVATION_PAST_MESSAGE,
  type AdminReservation,
  type CalendarEntry,
  type ReservationOut,
} from '@cafe/contracts';
import { useEffect } from 'react';
import { useForm, useWatch, type Resolver, type UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import { useCreateAdminReservation } from '../../api/create-admin-reservation';
import type { BookingFieldValues } from '../../../../components/booking-fields/use-booking-form';
import { AdminScheduleFields } from './admin-schedule-fields';
import { ContactFields, RequestsField, SizeField } from '../../../../components/booking-fields/booking-fields';
import { BookingDialog, useBookingEdit, type BookingDialogTexts } from './booking-dialog';
import { changedFields } from './booking-edit-form';
import { toast } from '../../../../lib/toaster';
import { GamePicker } from '../../../../components/game-picker/game-picker';
import { useReservationGames } from '../../api/reservation-games';
import { RequestedGames } from '../shared/requested-games';
import { FORM_VALIDATION } from '../../../../components/form/form-validation';

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
  // The calendar's entry has no games: the dialog fills them in from the day's reservation games.
  games: [],
  teachUs: false,
});

/** Games and "teach us" go to the server only when staff set them (an edit) or asked for some (a new booking). */
function gamesPart(values: AdminReservation, touched: { games?: unknown; teachUs?: unknown } | null) {
  const { games, teachUs } = values;
  if (touched) return { ...(touched.games ? { games: games ?? [] } : {}), ...(touched.teachUs ? { teachUs: teachUs ?? false } : {}) };
  return { ...(games?.length ? { games } : {}), ...(teachUs ? { teachUs } : {}) };
}

/** Validated with the contract schema; a booking whose date and time stay as they were may be in the past. */
function resolverFor(today: string, original: Booking | null): Resolver<Values, unknown, AdminReservation> {
  return (values, context, options) => {
    const unchanged = original && values.date === original.date && values.time === original.time;
    return zodResolver(adminReservationSchema(unchanged ? null : today))(values, context, options);
  };
}

const summary = (r: ReservationOut): [string, string][] => [
  ['Name', r.name],
  ['Email', r.email || NO_EMAIL],
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
  const form = useForm<Values, unknown, AdminReservation>({
    ...FORM_VALIDATION,
    resolver: resolverFor(today, booking),
    defaultValues: valuesOf(booking),
  });
  const edit = useBookingEdit('reservation', TEXTS, booking, onClose);
  // Staff add only reservations (SPEC): parties come from the public form.
  const create = useCreateAdminReservation({
    onSuccess: () => {
      toast({ title: 'Reservation created', intent: 'success' });
      onClose();
    },
    onError: (error, input) => {
      if (!edit.capacity.handleError(error, () => create.mutate({ ...input, overrideCapacity: true })))
        edit.failed({ title: 'Failed to create reservation', fallback: 'Please try again' })(error);
    },
  });

  // The booking's games as the day's reservation games list them (with the copies warning).
  const requested = useReservationGames(booking?.date ?? '').get(booking?.id ?? '');
  const requestedIds = requested?.games.map((g) => g.id).join('\n') ?? '';
  // Registered (no input of their own) so that resetField below can give them the booking's values as defaults.
  useEffect(() => {
    form.register('games');
    form.register('teachUs');
  }, [form]);
  useEffect(() => {
    if (!requested) return;
    if (!form.getFieldState('games').isDirty) form.resetField('games', { defaultValue: requested.games.map((g) => g.id) });
    if (!form.getFieldState('teachUs').isDirty) form.resetField('teachUs', { defaultValue: requested.teachUs });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- what the games are, not the map's identity
  }, [requestedIds, requested?.teachUs]);
  const [games, teachUs] = useWatch({ control: form.control, name: ['games', 'teachUs'] });

  const save = (values: AdminReservation, version?: number) => {
    if (!booking) return create.mutate({ ...{ ...values, games: undefined, teachUs: undefined }, ...gamesPart(values, null) });
    const dirty = form.formState.dirtyFields;
    edit.save({ ...changedFields(booking, values, FIELDS), ...gamesPart(values, { games: dirty.games, teachUs: dirty.teachUs }) }, version);
  };
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
      <ContactFields fields={fields} staff />
      <SizeField fields={fields} label="Party size" sizes={ADMIN_RESERVATION_SIZES} format={people} />
      <AdminScheduleFields idPrefix={idPrefix} form={form} today={today} pastMessage={RESERVATION_PAST_MESSAGE} markFull={!editing} />
      {requested ? (
        <div className="form-span">
          <RequestedGames games={requested} />
        </div>
      ) : null}
      <GamePicker
        idPrefix={idPrefix}
        games={games ?? []}
        onGamesChange={(ids) => form.setValue('games', ids, { shouldDirty: true, shouldValidate: form.formState.isSubmitted })}
        teachUs={teachUs ?? false}
        onTeachUsChange={(teach) => form.setValue('teachUs', teach, { shouldDirty: true })}
        error={form.formState.errors.games?.message}
      />
      <RequestsField fields={fields} placeholder="Seating, accessibility, a game to have ready…" />
    </BookingDialog>
  );
}
