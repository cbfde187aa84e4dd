import {
  DEFAULT_RESERVATION_SIZE,
  PUBLIC_RESERVATION_SIZES,
  publicReservationSchema,
  type PublicReservation,
  type PublicReservationInput,
} from '@cafe/contracts';
import { Suspense, useRef, useState, type ComponentType } from 'react';
import { useWatch } from 'react-hook-form';
import { GamePicker } from '../../../components/game-picker/game-picker';
import { BusyButton } from '../../../components/busy-button';
import { ErrorSummary } from '../../../components/form/error-summary';
import { ContactFields, RequestsField, SizeField } from '../../../components/booking-fields/booking-fields';
import { ScheduleFields } from '../../../components/booking-fields/schedule-fields';
import { useBookingForm } from '../../../components/booking-fields/use-booking-form';
import { fullSlots } from '../../../components/form/time-select';
import { ApiError, errorDescription } from '../../../lib/api-client';
import { useOpeningHours } from '../../../lib/business-info';
import { toast } from '../../../lib/toaster';
import { useCreateBooking } from '../api/create-booking';
import { ReservationConfirmedDialog, type ConfirmedReservation } from './reservation-confirmed-dialog';

const empty = (): PublicReservationInput => ({
  name: '',
  email: '',
  phone: '',
  partySize: DEFAULT_RESERVATION_SIZE,
  date: '',
  time: '',
  specialRequests: '',
  games: [],
  teachUs: false,
});

/** Games and "teach us" are sent only when asked for: a booking without them is SPEC's as it was. */
const withoutEmptyGames = ({ games, teachUs, ...rest }: PublicReservation): PublicReservation => ({
  ...rest,
  ...(games?.length ? { games } : {}),
  ...(teachUs ? { teachUs } : {}),
});

const people = (n: number) => `${n} ${n === 1 ? 'Person' : 'People'}`;

/**
 * What a "Tell me if a table frees up" offer is given when the times wanted are full (the waitlist feature's
 * component, handed in by the landing route: features never import each other).
 */
export interface WaitlistOfferProps {
  date: string;
  fullTimes: string[];
  partySize: number;
  name: string;
  email: string;
  phone: string;
}

/** The public table reservation form, validated with the schema the server uses. */
export function ReservationForm({ waitlist: WaitlistOffer }: { waitlist?: ComponentType<WaitlistOfferProps> } = {}) {
  const [confirmed, setConfirmed] = useState<ConfirmedReservation | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const { form, fields, scheduleProps, clear } = useBookingForm('reservation', publicReservationSchema, empty);
  const [games, teachUs] = useWatch({ control: form.control, name: ['games', 'teachUs'] });
  const [name, email, phone] = useWatch({ control: form.control, name: ['name', 'email', 'phone'] });
  const hours = useOpeningHours();
  // The time asked for was refused as fully booked (409): its date and time, for the waitlist's window.
  const [refused, setRefused] = useState<{ date: string; time: string } | null>(null);
  const { date, partySize } = scheduleProps;
  const full = fullSlots(date, scheduleProps.seatsLeft, partySize, hours);
  const fullTimes = refused && refused.date === date ? [...new Set([...full, refused.time])].sort() : full;
  const mutation = useCreateBooking('reservation', {
    onSuccess: (_id, input, answer) => {
      setConfirmed(answer.stayUntil ? { ...input, stayUntil: answer.stayUntil } : input);
      clear();
    },
    onError: (error, input) => {
      if (error instanceof ApiError && error.status === 409) setRefused({ date: input.date, time: input.time });
      toast({ title: 'Reservation Failed', description: errorDescription(error, 'Please try again'), intent: 'danger' });
    },
  });

  return (
    <>
      <form
        ref={formRef}
        // Focusable from script only: the confirmation hands the focus back here, so Tab goes on to Name.
        tabIndex={-1}
        className="booking-form"
        noValidate
        aria-label="Reserve a table"
        onSubmit={form.handleSubmit((values) => !mutation.isPending && mutation.mutate(withoutEmptyGames(values)))}
      >
        <ContactFields fields={fields} />
        <SizeField fields={fields} label="Party size" sizes={PUBLIC_RESERVATION_SIZES} format={people} />
        <ScheduleFields {...scheduleProps} />
        <GamePicker
          idPrefix="reservation"
          games={games ?? []}
          onGamesChange={(ids) => form.setValue('games', ids, { shouldDirty: true, shouldValidate: form.formState.isSubmitted })}
          teachUs={teachUs ?? false}
          onTeachUsChange={(teach) => form.setValue('teachUs', teach, { shouldDirty: true })}
          error={form.formState.errors.games?.message}
        />
        <RequestsField fields={fields} placeholder="High chair, accessibility needs, a game you'd like waiting at the table…" />
        <ErrorSummary formState={form.formState} />
        <div className="form-span form-actions">
          <BusyButton
            type="submit"
            intent="primary"
            size="large"
            busy={mutation.isPending}
            busyText="Booking..."
            text="Reserve Table"
            fill
          />
        </div>
      </form>
      {WaitlistOffer && date && fullTimes.length ? (
        // Its own boundary: while its code loads, the form stays as it is (an open date picker included).
        <Suspense fallback={null}>
          <WaitlistOffer
            key={`${date}|${partySize ?? ''}`}
            date={date}
            fullTimes={fullTimes}
            partySize={partySize ?? DEFAULT_RESERVATION_SIZE}
            name={name ?? ''}
            email={email ?? ''}
            phone={phone ?? ''}
          />
        </Suspense>
      ) : null}
      <ReservationConfirmedDialog
        reservation={confirmed}
        onClose={() => {
          setConfirmed(null);
          // After the dialog has let go: while open it pulls any focus back inside itself.
          requestAnimationFrame(() => formRef.current?.focus());
        }}
      />
    </>
  );
}
