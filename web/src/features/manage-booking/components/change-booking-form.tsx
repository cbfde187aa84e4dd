import { HTMLSelect } from '@blueprintjs/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import {
  GUEST_BOOKING_CHANGED_TOAST,
  GUEST_CHANGE_EMPTY,
  guestBookingChangeSchema,
  guestSizes,
  type GuestBooking,
  type GuestBookingChange,
  type GuestBookingChangeInput,
} from '@cafe/contracts';
import { BusyButton } from '../../../components/busy-button';
import { Field, errorAria } from '../../../components/form/field';
import { errorDescription } from '../../../lib/api-client';
import { toast } from '../../../lib/toaster';
import { TimeSelect } from '../../../components/form/time-select';
import { useChangeGuestBooking } from '../api/change-guest-booking';

const people = (n: number) => `${n} ${n === 1 ? 'person' : 'people'}`;

/** A new time that day, or another party size; validated with the schema the server applies. */
export function ChangeBookingForm({ token, booking }: { token: string; booking: GuestBooking }) {
  const form = useForm<GuestBookingChangeInput, unknown, GuestBookingChange>({
    resolver: zodResolver(guestBookingChangeSchema(booking.kind)),
    values: { date: booking.date, time: booking.time, partySize: booking.partySize },
  });
  const sizes = guestSizes(booking.kind);
  // A size set by staff may be off the guest's list: keep it choosable as it is.
  const sizeChoices = sizes.includes(booking.partySize) ? sizes : [...sizes, booking.partySize].sort((a, b) => a - b);
  const mutation = useChangeGuestBooking(token, {
    onSuccess: () => void toast({ title: GUEST_BOOKING_CHANGED_TOAST, intent: 'success' }),
    onError: (error) =>
      void toast({ title: 'Could not change your booking', description: errorDescription(error, 'Please try again'), intent: 'danger' }),
  });
  const { errors } = form.formState;

  return (
    <form
      className="manage-booking-form"
      noValidate
      aria-label="Change time or party size"
      onSubmit={form.handleSubmit((values) => {
        if (mutation.isPending) return;
        // Only what changed: an unchanged field is left alone.
        const change = {
          ...(values.time !== booking.time ? { time: values.time } : {}),
          ...(values.partySize !== booking.partySize ? { partySize: values.partySize } : {}),
        };
        if (Object.keys(change).length === 0) form.setError('time', { message: GUEST_CHANGE_EMPTY });
        else mutation.mutate({ date: values.date, ...change });
      })}
    >
      <Field id="guest-time" label="Time" error={errors.time?.message}>
        <Controller
          control={form.control}
          name="time"
          render={({ field }) => (
            <TimeSelect
              id="guest-time"
              date={booking.date}
              value={field.value ?? ''}
              onChange={field.onChange}
              onBlur={field.onBlur}
              selectRef={field.ref}
              invalid={!!errors.time}
              describedBy={errors.time ? 'guest-time-error' : undefined}
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
