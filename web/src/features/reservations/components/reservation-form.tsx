import { Button, HTMLSelect, InputGroup, TextArea } from '@blueprintjs/core';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  DEFAULT_RESERVATION_SIZE,
  PUBLIC_RESERVATION_SIZES,
  publicReservationSchema,
  type PublicReservation,
  type PublicReservationInput,
} from '@cafe/contracts';
import { useMemo, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Field } from '../../../components/form/field';
import { PhoneInput } from '../../../components/form/phone-input';
import { ScheduleFields } from '../../../components/form/schedule-fields';
import { useSchedule } from '../../../components/form/use-schedule';
import { cafeToday } from '../../../lib/cafe-time';
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
  const today = useMemo(cafeToday, []);
  const schema = useMemo(() => publicReservationSchema(today), [today]);
  const [confirmed, setConfirmed] = useState<PublicReservation | null>(null);
  const form = useForm<PublicReservationInput, unknown, PublicReservation>({
    resolver: zodResolver(schema),
    defaultValues: empty(),
  });
  const { register, control, handleSubmit, setValue, watch, reset, formState } = form;
  const errors = formState.errors;
  const schedule = useSchedule((date, time) => {
    const validate = formState.isSubmitted;
    setValue('date', date, { shouldValidate: validate, shouldDirty: true });
    setValue('time', time, { shouldValidate: validate && date !== '', shouldDirty: true });
  });
  const mutation = useCreateReservation({
    onSuccess: (_id, input) => {
      setConfirmed(input);
      reset(empty());
      schedule.clearClosed();
    },
    onError: (error) => void toast({ title: 'Reservation Failed', description: errorDescription(error, 'Please try again'), intent: 'danger' }),
  });
  const date = watch('date') ?? '';
  const time = watch('time') ?? '';
  const name = register('name');
  const email = register('email');
  const requests = register('specialRequests');

  return (
    <>
      <form className="booking-form" noValidate aria-label="Reserve a table" onSubmit={handleSubmit((values) => mutation.mutate(values))}>
        <Field id="reservation-name" label="Name" error={errors.name?.message}>
          <InputGroup
            id="reservation-name"
            autoComplete="name"
            inputRef={name.ref}
            name={name.name}
            onChange={name.onChange}
            onBlur={name.onBlur}
            intent={errors.name ? 'danger' : 'none'}
            aria-invalid={errors.name ? true : undefined}
          />
        </Field>
        <Field id="reservation-email" label="Email" error={errors.email?.message}>
          <InputGroup
            id="reservation-email"
            type="email"
            autoComplete="email"
            inputRef={email.ref}
            name={email.name}
            onChange={email.onChange}
            onBlur={email.onBlur}
            intent={errors.email ? 'danger' : 'none'}
            aria-invalid={errors.email ? true : undefined}
          />
        </Field>
        <Field id="reservation-phone" label="Phone" error={errors.phone?.message}>
          <Controller
            control={control}
            name="phone"
            render={({ field }) => (
              <PhoneInput
                id="reservation-phone"
                value={field.value ?? ''}
                onChange={field.onChange}
                onBlur={field.onBlur}
                inputRef={field.ref}
                invalid={Boolean(errors.phone)}
                describedBy={errors.phone ? 'reservation-phone-error' : undefined}
              />
            )}
          />
        </Field>
        <Field id="reservation-size" label="Party size" error={errors.partySize?.message}>
          <Controller
            control={control}
            name="partySize"
            render={({ field }) => (
              <HTMLSelect
                id="reservation-size"
                fill
                ref={field.ref}
                value={String(field.value)}
                onChange={(e) => field.onChange(Number(e.target.value))}
                onBlur={field.onBlur}
              >
                {PUBLIC_RESERVATION_SIZES.map((n) => (
                  <option key={n} value={n}>
                    {people(n)}
                  </option>
                ))}
              </HTMLSelect>
            )}
          />
        </Field>
        <ScheduleFields
          idPrefix="reservation"
          today={today}
          date={date}
          time={time}
          closedDates={schedule.closedDates}
          closedMessage={schedule.closedMessage}
          dateError={errors.date?.message}
          timeError={errors.time?.message}
          onDateChange={schedule.onDateChange}
          onTimeChange={(value) => setValue('time', value, { shouldValidate: formState.isSubmitted, shouldDirty: true })}
        />
        <Field id="reservation-requests" label="Special requests" optional className="form-span">
          <TextArea
            id="reservation-requests"
            fill
            rows={3}
            placeholder="High chair, accessibility needs, a game you'd like waiting at the table…"
            inputRef={requests.ref}
            name={requests.name}
            onChange={requests.onChange}
            onBlur={requests.onBlur}
          />
        </Field>
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

