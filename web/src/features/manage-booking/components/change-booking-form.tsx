import { useQuery } from '@tanstack/react-query';
import { HTMLSelect } from '@blueprintjs/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import {
  DATE_FROM_TODAY_MESSAGE,
  GUEST_BOOKING_CHANGED_TOAST,
  GUEST_CHANGE_EMPTY,
  blockedDateMessage,
  closedByHoursMessage,
  guestBookingChangeSchema,
  guestSizes,
  type GuestBooking,
  type GuestBookingChange,
  type GuestBookingChangeInput,
} from '@cafe/contracts';
import { BusyButton } from '../../../components/busy-button';
import { Field, errorAria } from '../../../components/form/field';
import { BookingDateInput } from '../../../components/form/booking-date-input';
import { TimeSelect } from '../../../components/form/time-select';
import { errorDescription } from '../../../lib/api-client';
import { availabilityQueryOptions, useSeatsLeft } from '../../../lib/availability';
import { closedReasonOf, useBlockedDates } from '../../../lib/blocked-dates';
import { useOpeningHours } from '../../../lib/business-info';
import { useCafeToday } from '../../../lib/cafe-clock';
import { toast } from '../../../lib/toaster';
import { useChangeGuestBooking } from '../api/change-guest-booking';

const people = (n: number) => `${n} ${n === 1 ? 'person' : 'people'}`;

/**
 * Another day, another time, or another party size; validated with the schema the server applies. A new
 * day offers that day's times with the full ones marked (the public form's availability), and its time is
 * picked afresh; a day the café has closed says so, as on the public form.
 */
export function ChangeBookingForm({ token, booking }: { token: string; booking: GuestBooking }) {
  const today = useCafeToday();
  const schema = guestBookingChangeSchema(booking.kind, today);
  const form = useForm<GuestBookingChangeInput, unknown, GuestBookingChange>({
    resolver: zodResolver(schema),
    values: { date: booking.date, time: booking.time, partySize: booking.partySize },
  });
  const sizes = guestSizes(booking.kind);
  // A size set by staff may be off the guest's list: keep it choosable as it is.
  const sizeChoices = sizes.includes(booking.partySize) ? sizes : [...sizes, booking.partySize].sort((a, b) => a - b);
  const mutation = useChangeGuestBooking(token, {
    // A change our team must confirm first says so ("we'll confirm by e-mail"); the page shows what stays held.
    onSuccess: (answer) => toast({ title: answer.message ?? GUEST_BOOKING_CHANGED_TOAST, intent: answer.message ? 'primary' : 'success' }),
    onError: (error) =>
      toast({ title: 'Could not change your booking', description: errorDescription(error, 'Please try again'), intent: 'danger' }),
  });
  const { errors, isSubmitted } = form.formState;
  const [date = '', partySize] = useWatch({ control: form.control, name: ['date', 'partySize'] });
  const blocked = useBlockedDates();
  const hours = useOpeningHours();
  const [blockedNotice, setBlockedNotice] = useState<string | null>(null);
  const closedNotice = blockedNotice ?? (date ? closedByHoursMessage(date, hours) : null);
  // On its own day the booking's seats are its own: "full" there would count the guest against themselves.
  const seatsLeft = useSeatsLeft(date !== booking.date ? date : '', partySize);
  // Today offers only the times the server's clock has not passed (its availability lists those), as the public form.
  const todaysTimes = useQuery(availabilityQueryOptions(date === today ? date : '')).data;

  const pickDate = (next: string) => {
    const reason = next ? closedReasonOf(blocked.data, next) : null;
    setBlockedNotice(reason === null ? null : blockedDateMessage(reason));
    form.setValue('date', reason === null ? next : '', { shouldDirty: true, shouldValidate: isSubmitted && reason === null });
    // The new day's times are not the old day's: the guest picks one again.
    form.setValue('time', next === booking.date ? booking.time : '', { shouldDirty: true });
    form.clearErrors('time');
  };
  /** A typed day before today or past the booking horizon: the field empties and says why (the contract's words). */
  const refuseTyped = (typed: string) => {
    const issue = schema.safeParse({ date: typed }).error?.issues.find((i) => i.path[0] === 'date');
    pickDate('');
    form.setError('date', { type: 'typed', message: issue?.message ?? DATE_FROM_TODAY_MESSAGE });
  };

  return (
    <form
      className="manage-booking-form"
      noValidate
      aria-label="Change date, time or party size"
      onSubmit={form.handleSubmit((values) => {
        if (mutation.isPending) return;
        // Only what changed: an unchanged field is left alone; another day always carries its time.
        const moved = values.date !== undefined && values.date !== booking.date;
        const change = {
          ...(moved ? { date: values.date } : {}),
          ...(moved || values.time !== booking.time ? { time: values.time } : {}),
          ...(values.partySize !== booking.partySize ? { partySize: values.partySize } : {}),
        };
        if (Object.keys(change).length === 0) form.setError('time', { message: GUEST_CHANGE_EMPTY });
        else mutation.mutate(change);
      })}
    >
      <Field id="guest-date" label="Date" error={closedNotice ? undefined : errors.date?.message} notice={closedNotice ?? undefined}>
        <Controller
          control={form.control}
          name="date"
          render={({ field }) => (
            <BookingDateInput
              id="guest-date"
              value={field.value ?? ''}
              onChange={pickDate}
              onTypedOutOfRange={refuseTyped}
              minDate={today}
              invalid={Boolean(closedNotice || errors.date)}
              describedBy={closedNotice ? 'guest-date-notice' : errors.date ? 'guest-date-error' : undefined}
            />
          )}
        />
      </Field>
      <Field id="guest-time" label="Time" error={date ? errors.time?.message : undefined}>
        <Controller
          control={form.control}
          name="time"
          render={({ field }) => (
            <TimeSelect
              id="guest-time"
              date={date}
              value={field.value ?? ''}
              onChange={(value) => form.setValue('time', value, { shouldDirty: true, shouldValidate: isSubmitted })}
              onBlur={field.onBlur}
              selectRef={field.ref}
              invalid={Boolean(date && errors.time)}
              describedBy={date && errors.time ? 'guest-time-error' : undefined}
              seatsLeft={seatsLeft}
              partySize={partySize}
              today={today}
              availability={todaysTimes ?? null}
            />
          )}
        />
      </Field>
      <Field id="guest-size" label="Party size" error={errors.partySize?.message}>
        <Controller
          control={form.control}
          name="partySize"
          render={({ field }) => (
            <HTMLSelect
              id="guest-size"
              fill
              ref={field.ref}
              value={String(field.value ?? '')}
              onChange={(e) => field.onChange(Number(e.target.value))}
              onBlur={field.onBlur}
              {...errorAria('guest-size', errors.partySize)}
            >
              {sizeChoices.map((n) => (
                <option key={n} value={n}>
                  {people(n)}
                </option>
              ))}
            </HTMLSelect>
          )}
        />
      </Field>
      <BusyButton type="submit" intent="primary" busy={mutation.isPending} busyText="Saving..." text="Save Changes" fill />
    </form>
  );
}
