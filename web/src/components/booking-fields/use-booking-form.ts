import { zodResolver } from '@hookform/resolvers/zod';
import { DATE_FROM_TODAY_MESSAGE, type PublicReservationInput } from '@cafe/contracts';
import { useMemo, useRef } from 'react';
import { useForm, useWatch, type DefaultValues, type FieldValues, type Resolver, type UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import { useCafeToday } from '../../lib/cafe-clock';
import { FORM_VALIDATION } from '../form/form-validation';
import type { ScheduleFieldsProps } from './schedule-fields';
import { useSchedule } from './use-schedule';
import { seatsLeftOf, useDayAvailability } from '../../lib/day-availability';

/** The fields both public booking forms share: a table reservation's, which a party request extends. */
export type BookingFieldValues = PublicReservationInput;

/** What the shared booking fields need: the ids' prefix and the form seen through its shared fields. */
export interface BookingFields {
  idPrefix: string;
  form: UseFormReturn<BookingFieldValues>;
}

/**
 * A public booking form (table reservation, party request): react-hook-form validated by the contract
 * schema for today in the café, with the shared date rule (a blocked date clears date and time, any
 * other date clears the time) and the props of its shared fields.
 */
export function useBookingForm<TInput extends BookingFieldValues, TOutput extends FieldValues>(
  idPrefix: string,
  schemaFor: (today: string) => z.ZodType<TOutput, TInput>,
  empty: () => TInput,
) {
  // Today in the café as the server says (its BUSINESS_TIME_ZONE); the form waits in its Suspense fallback until then.
  const today = useCafeToday();
  const schema = useMemo(() => schemaFor(today), [schemaFor, today]);
  /** Why the picker refused the date typed last (a past day), while the field stays empty after it. */
  const refusedTyped = useRef<string | null>(null);
  const resolver = useMemo((): Resolver<TInput, unknown, TOutput> => {
    const validate = zodResolver(schema);
    return async (values, context, options) => {
      const result = await validate(values, context, options);
      // The empty field keeps the reason it was emptied through a submit: "Date is required" would contradict
      // the date the guest typed.
      const dateError = (result.errors as Record<string, { message?: string } | undefined>).date;
      if (refusedTyped.current && !values.date && dateError) dateError.message = refusedTyped.current;
      return result;
    };
  }, [schema]);
  const form = useForm<TInput, unknown, TOutput>({
    ...FORM_VALIDATION,
    resolver,
    defaultValues: empty() as DefaultValues<TInput>,
  });
  // Both forms' values extend the shared ones; react-hook-form's types cannot see that through a generic.
  const shared = form as unknown as UseFormReturn<BookingFieldValues>;
  const { setValue, control, formState, clearErrors, setError } = shared;
  const [date, time, partySize] = useWatch({ control, name: ['date', 'time', 'partySize'] });
  // Today's times the café's clock has passed are not in it: the time list offers what it lists.
  const availability = useDayAvailability(date ?? '', partySize);
  const seatsLeft = useMemo(() => seatsLeftOf(availability), [availability]);
  const errors = formState.errors;
  const schedule = useSchedule((date, time, closed) => {
    refusedTyped.current = null;
    // A closed date says so under the field, its one message: no "required" beside it.
    const validate = formState.isSubmitted && !closed;
    setValue('date', date, { shouldValidate: validate, shouldDirty: true });
    // The time list starts afresh for the new date: nothing to say about it until it is picked or submitted.
    setValue('time', time, { shouldDirty: true });
    clearErrors(validate ? 'time' : ['date', 'time']);
  });
  /** A typed date the picker cannot take: the field empties (no stale times) and gives the contract's reason. */
  const onTypedOutOfRange = (typed: string) => {
    const issue = schema.safeParse({ ...form.getValues(), date: typed }).error?.issues.find((i) => i.path[0] === 'date');
    schedule.clearClosed();
    setValue('date', '', { shouldDirty: true });
    setValue('time', '', { shouldDirty: true });
    clearErrors('time');
    refusedTyped.current = issue?.message ?? DATE_FROM_TODAY_MESSAGE;
    setError('date', { type: 'typed', message: refusedTyped.current });
  };
  const scheduleProps: ScheduleFieldsProps = {
    idPrefix,
    today,
    date: date ?? '',
    time: time ?? '',
    closedMessage: schedule.closedMessage,
    dateError: errors.date?.message,
    timeError: errors.time?.message,
    onDateChange: schedule.onDateChange,
    onTypedOutOfRange,
    onTimeChange: (value) => setValue('time', value, { shouldValidate: formState.isSubmitted, shouldDirty: true }),
    availability,
    seatsLeft,
    partySize,
  };
  return {
    form,
    fields: { idPrefix, form: shared } satisfies BookingFields,
    scheduleProps,
    /** After a booking went through: empty fields and no closed-date notice. */
    clear: () => {
      refusedTyped.current = null;
      form.reset(empty());
      schedule.clearClosed();
    },
  };
}
