import { Controller, type UseFormReturn } from 'react-hook-form';
import { Field } from '../../../components/form/field';
import { TimeSelect } from '../../../components/form/time-select';
import { AdminDateInput } from './admin-date-input';

/** The date and time every admin booking form has (the other fields vary). */
export interface ScheduleValues {
  date: string;
  time: string;
}

interface AdminScheduleFieldsProps {
  idPrefix: string;
  // The dialogs' forms hold more fields; only date and time are touched here.
  form: UseFormReturn<any>; // eslint-disable-line @typescript-eslint/no-explicit-any
  /** Today in the café (from the server): the picker starts there. */
  today: string;
  /** 'Reservation date cannot be in the past' or 'Party booking date cannot be in the past'. */
  pastMessage: string;
}

/**
 * Date and time of a booking in a staff dialog: the picker starts at the café's today, a typed past
 * date is refused with the dialog's message, changing the date clears the time, and the time list
 * reads 'Select date first' until a date is chosen, then 'Select time'.
 */
export function AdminScheduleFields({ idPrefix, form, today, pastMessage }: AdminScheduleFieldsProps) {
  const dateId = `${idPrefix}-date`;
  const timeId = `${idPrefix}-time`;
  const errors = form.formState.errors as Record<string, { message?: string } | undefined>;
  const dateError = errors.date?.message;
  const timeError = errors.time?.message;
  const date: string = form.watch('date') ?? '';
  const validate = form.formState.isSubmitted;
  return (
    <>
      <Field id={dateId} label="Date" error={dateError}>
        <Controller
          control={form.control}
          name="date"
          render={({ field }) => (
            <AdminDateInput
              id={dateId}
              value={field.value ?? ''}
              minDate={today}
              onPastDate={() => form.setError('date', { type: 'past', message: pastMessage }, { shouldFocus: false })}
              onChange={(next) => {
                if (next === field.value) return;
                field.onChange(next);
                form.setValue('time', '', { shouldDirty: true, shouldValidate: validate });
                if (validate) void form.trigger('date');
                else form.clearErrors('date');
              }}
              invalid={Boolean(dateError)}
              describedBy={dateError ? `${dateId}-error` : undefined}
            />
          )}
        />
      </Field>
      <Field id={timeId} label="Time" error={timeError}>
        <Controller
          control={form.control}
          name="time"
          render={({ field }) => (
            <TimeSelect
              id={timeId}
              date={date}
              value={field.value ?? ''}
              onChange={field.onChange}
              onBlur={field.onBlur}
              selectRef={field.ref}
              invalid={Boolean(timeError)}
              describedBy={timeError ? `${timeId}-error` : undefined}
            />
          )}
        />
      </Field>
    </>
  );
}
