import { useMemo } from 'react';
import { Controller, useWatch, type FieldValues, type Path, type PathValue, type UseFormReturn } from 'react-hook-form';
import { Field } from '../../../../components/form/field';
import { FULLY_BOOKED_LABEL, TimeSelect, fullSlots } from '../../../../components/form/time-select';
import { useOpeningHours } from '../../../../lib/business-info';
import { useDayClosures } from '../../../../lib/day-closures';
import { AdminDateInput } from '../../../../components/form/admin-date-input';
import { seatsLeftOf, useDayAvailability } from '../../../../lib/day-availability';
import { describeFull } from '../../../../components/booking-fields/schedule-fields';

/** The date and time every admin booking form has (the other fields vary). */
export interface ScheduleValues {
  date: string;
  time: string;
}

interface AdminScheduleFieldsProps<T extends FieldValues & ScheduleValues> {
  idPrefix: string;
  /** The dialog's form: it holds more fields; only date and time are touched here. */
  form: UseFormReturn<T>;
  /** Today in the café (from the server): the picker starts there. */
  today: string;
  /** 'Reservation date cannot be in the past' or 'Party booking date cannot be in the past'. */
  pastMessage: string;
  /**
   * A new booking: the times too full for its party are marked as the public form marks them, still
   * pickable (the server then asks staff to book anyway). An edit marks none: its own seats count in
   * the availability, so its own time would read full.
   */
  markFull?: boolean;
}

/**
 * Date and time of a booking in a staff dialog: the picker starts at the café's today, a typed past
 * date is refused with the dialog's message (the field empties), changing the date clears the time, and the time list
 * reads 'Select date first' until a date is chosen, then 'Select time' and the date's times not yet passed.
 */
export function AdminScheduleFields<T extends FieldValues & ScheduleValues>({
  idPrefix,
  form,
  today,
  pastMessage,
  markFull = false,
}: AdminScheduleFieldsProps<T>) {
  const dateId = `${idPrefix}-date`;
  const timeId = `${idPrefix}-time`;
  const dateName = 'date' as Path<T>;
  const timeName = 'time' as Path<T>;
  const errors = form.formState.errors as Record<string, { message?: string } | undefined>;
  const dateError = errors.date?.message;
  const date = (useWatch({ control: form.control, name: dateName }) as string | undefined) ?? '';
  // No time to pick before a date: the date's own message says what is missing, not a second one here.
  const timeError = date ? errors.time?.message : undefined;
  const validate = form.formState.isSubmitted;
  // A closed day (its hours, a holiday, a blocked date) offers no times: say why under the date, as the public form does.
  const hours = useOpeningHours();
  const closureOf = useDayClosures();
  const closedNotice = date ? (closureOf(date)?.message ?? null) : null;
  // The public form's availability: today's times the café has passed are not offered (the server refuses them).
  const partySize = useWatch({ control: form.control, name: 'partySize' as Path<T> }) as number | undefined;
  const availability = useDayAvailability(date, partySize);
  const seatsLeft = useMemo(() => seatsLeftOf(availability), [availability]);
  const full = markFull ? fullSlots(date, seatsLeft, partySize, hours) : [];
  const fullId = `${timeId}-full`;
  return (
    <>
      <Field id={dateId} label="Date" error={dateError} notice={closedNotice ?? undefined}>
        <Controller
          control={form.control}
          name={dateName}
          render={({ field }) => (
            <AdminDateInput
              id={dateId}
              value={field.value ?? ''}
              minDate={today}
              markClosed
              onPastDate={() => {
                // The field empties (no stale day's times below it) and says why: its one message.
                form.setValue(dateName, '' as PathValue<T, Path<T>>, { shouldDirty: true });
                form.setValue(timeName, '' as PathValue<T, Path<T>>, { shouldDirty: true });
                form.clearErrors(timeName);
                form.setError(dateName, { type: 'past', message: pastMessage }, { shouldFocus: false });
              }}
              onChange={(next) => {
                if (next === field.value) return;
                field.onChange(next);
                // The time list starts afresh for the new date: nothing to say about it until picked or submitted.
                form.setValue(timeName, '' as PathValue<T, Path<T>>, { shouldDirty: true });
                form.clearErrors(timeName);
                if (validate) void form.trigger(dateName);
                else form.clearErrors(dateName);
              }}
              invalid={Boolean(dateError || closedNotice)}
              describedBy={dateError ? `${dateId}-error` : closedNotice ? `${dateId}-notice` : undefined}
            />
          )}
        />
      </Field>
      <Field id={timeId} label="Time" error={timeError}>
        <Controller
          control={form.control}
          name={timeName}
          render={({ field }) => (
            <TimeSelect
              id={timeId}
              date={date}
              value={field.value ?? ''}
              onChange={field.onChange}
              onBlur={field.onBlur}
              selectRef={field.ref}
              invalid={Boolean(timeError)}
              describedBy={[timeError ? `${timeId}-error` : '', full.length ? fullId : ''].filter(Boolean).join(' ') || undefined}
              today={today}
              availability={availability}
              seatsLeft={markFull ? seatsLeft : undefined}
              partySize={partySize}
              fullAllowed
            />
          )}
        />
        {full.length ? (
          <p id={fullId} className="full-slots">
            {`${FULLY_BOOKED_LABEL}: ${describeFull(date, full, hours)}. Staff may still book a full time after a warning.`}
          </p>
        ) : null}
      </Field>
    </>
  );
}
