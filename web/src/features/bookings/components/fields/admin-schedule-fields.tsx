import { Callout } from '@blueprintjs/core';
import { closedByHoursMessage } from '@cafe/contracts';
import { Controller, useWatch, type FieldValues, type Path, type PathValue, type UseFormReturn } from 'react-hook-form';
import { Field } from '../../../../components/form/field';
import { TimeSelect } from '../../../../components/form/time-select';
import { useOpeningHours } from '../../../../lib/business-info';
import { AdminDateInput } from '../../../../components/form/admin-date-input';

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
}

/**
 * Date and time of a booking in a staff dialog: the picker starts at the café's today, a typed past
 * date is refused with the dialog's message, changing the date clears the time, and the time list
 * reads 'Select date first' until a date is chosen, then 'Select time'.
 */
export function AdminScheduleFields<T extends FieldValues & ScheduleValues>({
  idPrefix,
  form,
  today,
  pastMessage,
}: AdminScheduleFieldsProps<T>) {
  const dateId = `${idPrefix}-date`;
  const timeId = `${idPrefix}-time`;
  const dateName = 'date' as Path<T>;
  const timeName = 'time' as Path<T>;
  const errors = form.formState.errors as Record<string, { message?: string } | undefined>;
  const dateError = errors.date?.message;
  const timeError = errors.time?.message;
  const date = (useWatch({ control: form.control, name: dateName }) as string | undefined) ?? '';
  const validate = form.formState.isSubmitted;
  // A day the opening hours close offers no times: say why, as the public form does.
  const hours = useOpeningHours();
  const closedByHours = date ? closedByHoursMessage(date, hours) : null;
  return (
    <>
      <Field id={dateId} label="Date" error={dateError}>
        <Controller
          control={form.control}
          name={dateName}
          render={({ field }) => (
            <AdminDateInput
              id={dateId}
              value={field.value ?? ''}
              minDate={today}
              onPastDate={() => form.setError(dateName, { type: 'past', message: pastMessage }, { shouldFocus: false })}
              onChange={(next) => {
                if (next === field.value) return;
                field.onChange(next);
                form.setValue(timeName, '' as PathValue<T, Path<T>>, { shouldDirty: true, shouldValidate: validate });
                if (validate) void form.trigger(dateName);
                else form.clearErrors(dateName);
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
              describedBy={timeError ? `${timeId}-error` : undefined}
            />
          )}
        />
      </Field>
      {closedByHours ? (
        <Callout id={`${idPrefix}-hours-closed`} className="form-span" intent="warning" role="status" compact>
          {closedByHours}
        </Callout>
      ) : null}
    </>
  );
}
