import { Button, HTMLSelect, InputGroup, TextArea } from '@blueprintjs/core';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  DEFAULT_PARTY_SIZE,
  PUBLIC_EVENT_TYPES,
  PUBLIC_PARTY_SIZES,
  publicPartyBookingSchema,
  type PublicPartyBooking,
} from '@cafe/contracts';
import { useMemo } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Field } from '../../../components/form/field';
import { PhoneInput } from '../../../components/form/phone-input';
import { ScheduleFields } from '../../../components/form/schedule-fields';
import { useSchedule } from '../../../components/form/use-schedule';
import { cafeToday } from '../../../lib/cafe-time';
import { errorDescription } from '../../../lib/api-client';
import { toast } from '../../../lib/toaster';
import { useCreatePartyBooking } from '../api/create-party-booking';

type PartyInput = z.input<ReturnType<typeof publicPartyBookingSchema>>;

const empty = (): PartyInput => ({
  name: '',
  email: '',
  phone: '',
  eventType: '',
  partySize: DEFAULT_PARTY_SIZE,
  date: '',
  time: '',
  specialRequests: '',
});

/** The public party request (SPEC.md §4–5): same date, time and phone rules as a table reservation. */
export function PartyBookingForm({ onSubmitted, onCancel }: { onSubmitted: () => void; onCancel: () => void }) {
  const today = useMemo(cafeToday, []);
  const schema = useMemo(() => publicPartyBookingSchema(today), [today]);
  const form = useForm<PartyInput, unknown, PublicPartyBooking>({ resolver: zodResolver(schema), defaultValues: empty() });
  const { register, control, handleSubmit, setValue, watch, reset, formState } = form;
  const errors = formState.errors;
  const schedule = useSchedule((date, time) => {
    const validate = formState.isSubmitted;
    setValue('date', date, { shouldValidate: validate, shouldDirty: true });
    setValue('time', time, { shouldValidate: validate && date !== '', shouldDirty: true });
  });
  const mutation = useCreatePartyBooking({
    onSuccess: () => {
      reset(empty());
      schedule.clearClosed();
      void toast({ title: 'Party Booking Submitted!', description: "We'll contact you soon to finalize the details!", intent: 'success' });
      onSubmitted();
    },
    onError: (error) => void toast({ title: 'Booking Failed', description: errorDescription(error, 'Please try again'), intent: 'danger' }),
  });
  const name = register('name');
  const email = register('email');
  const requests = register('specialRequests');

  return (
    <form className="booking-form party-form" noValidate aria-label="Book your party" onSubmit={handleSubmit((values) => mutation.mutate(values))}>
      <Field id="party-name" label="Name" error={errors.name?.message}>
        <InputGroup id="party-name" autoComplete="name" inputRef={name.ref} name={name.name} onChange={name.onChange} onBlur={name.onBlur} intent={errors.name ? 'danger' : 'none'} />
      </Field>
      <Field id="party-email" label="Email" error={errors.email?.message}>
        <InputGroup id="party-email" type="email" autoComplete="email" inputRef={email.ref} name={email.name} onChange={email.onChange} onBlur={email.onBlur} intent={errors.email ? 'danger' : 'none'} />
      </Field>
      <Field id="party-phone" label="Phone" error={errors.phone?.message}>
        <Controller
          control={control}
          name="phone"
          render={({ field }) => (
            <PhoneInput
              id="party-phone"
              value={field.value ?? ''}
              onChange={field.onChange}
              onBlur={field.onBlur}
              inputRef={field.ref}
              invalid={Boolean(errors.phone)}
              describedBy={errors.phone ? 'party-phone-error' : undefined}
            />
          )}
        />
      </Field>
      <Field id="party-event-type" label="Event type" error={errors.eventType?.message}>
        <Controller
          control={control}
          name="eventType"
          render={({ field }) => (
            <HTMLSelect id="party-event-type" fill ref={field.ref} value={field.value ?? ''} onChange={(e) => field.onChange(e.target.value)} onBlur={field.onBlur}>
              <option value="">Select event type</option>
              {PUBLIC_EVENT_TYPES.map((t) => (
                <option key={t.value} value={t.value}>
                  {t.label}
                </option>
              ))}
            </HTMLSelect>
          )}
        />
      </Field>
      <Field id="party-size" label="Number of guests" error={errors.partySize?.message}>
        <Controller
          control={control}
          name="partySize"
          render={({ field }) => (
            <HTMLSelect id="party-size" fill ref={field.ref} value={String(field.value)} onChange={(e) => field.onChange(Number(e.target.value))} onBlur={field.onBlur}>
              {PUBLIC_PARTY_SIZES.map((n) => (
                <option key={n} value={n}>
                  {n} guests
                </option>
              ))}
            </HTMLSelect>
          )}
        />
      </Field>
      <ScheduleFields
        idPrefix="party"
        today={today}
        date={watch('date') ?? ''}
        time={watch('time') ?? ''}
        closedDates={schedule.closedDates}
        closedMessage={schedule.closedMessage}
        dateError={errors.date?.message}
        timeError={errors.time?.message}
        onDateChange={schedule.onDateChange}
        onTimeChange={(value) => setValue('time', value, { shouldValidate: formState.isSubmitted, shouldDirty: true })}
      />
      <Field id="party-requests" label="Special requests" optional className="form-span">
        <TextArea
          id="party-requests"
          fill
          rows={3}
          placeholder="Cake, dietary needs, games the birthday star loves…"
          inputRef={requests.ref}
          name={requests.name}
          onChange={requests.onChange}
          onBlur={requests.onBlur}
        />
      </Field>
      <div className="form-span form-actions form-actions-split">
        <Button type="button" variant="minimal" onClick={onCancel} text="Cancel" />
        <Button type="submit" intent="primary" disabled={mutation.isPending} text={mutation.isPending ? 'Submitting...' : 'Submit Request'} />
      </div>
    </form>
  );
}
