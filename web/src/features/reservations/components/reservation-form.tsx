import { Button } from '@blueprintjs/core';
import {
  DEFAULT_RESERVATION_SIZE,
  PUBLIC_RESERVATION_SIZES,
  publicReservationSchema,
  type PublicReservation,
  type PublicReservationInput,
} from '@cafe/contracts';
import { useState } from 'react';
import { ContactFields, RequestsField, ScheduleFields, SizeField, useBookingForm } from '../../booking-form';
import { errorDescription } from '../../../lib/api-client';
import { toast } from '../../../lib/toaster';
import { useCreateReservation } from '../api/create-reservation';
import { ReservationConfirmedDialog } from './reservation-confirmed-dialog';

const empty = (): PublicReservationInput => ({
  name: '',
  email: '',
  phone: '',
  partySize: DEFAULT_RESERVATION_SIZE,
  date: '',
  time: '',
  specialRequests: '',
});

const people = (n: number) => `${n} ${n === 1 ? 'Person' : 'People'}`;

/** The public table reservation form (SPEC.md §4–5), validated with the schema the server uses. */
export function ReservationForm() {
  const [confirmed, setConfirmed] = useState<PublicReservation | null>(null);
  const { form, fields, scheduleProps, clear } = useBookingForm('reservation', publicReservationSchema, empty);
  const mutation = useCreateReservation({
    onSuccess: (_id, input) => {
      setConfirmed(input);
      clear();
    },
    onError: (error) =>
      void toast({ title: 'Reservation Failed', description: errorDescription(error, 'Please try again'), intent: 'danger' }),
  });

  return (
    <>
      <form
        className="booking-form"
        noValidate
        aria-label="Reserve a table"
        onSubmit={form.handleSubmit((values) => mutation.mutate(values))}
      >
        <ContactFields fields={fields} />
        <SizeField fields={fields} label="Party size" sizes={PUBLIC_RESERVATION_SIZES} format={people} />
        <ScheduleFields {...scheduleProps} />
        <RequestsField fields={fields} placeholder="High chair, accessibility needs, a game you'd like waiting at the table…" />
        <div className="form-span form-actions">
          <Button type="submit" intent="primary" size="large" disabled={mutation.isPending} fill>
            {mutation.isPending ? 'Booking...' : 'Reserve Table'}
          </Button>
        </div>
      </form>
      <ReservationConfirmedDialog reservation={confirmed} onClose={() => setConfirmed(null)} />
    </>
  );
}
