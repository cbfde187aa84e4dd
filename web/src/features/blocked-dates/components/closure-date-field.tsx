import { DATE_FROM_TODAY_MESSAGE } from '@cafe/contracts';
import { Controller, type FieldPath, type FieldValues, type PathValue, type UseFormReturn } from 'react-hook-form';
import { Field } from '../../../components/form/field';
import { AdminDateInput } from '../../../components/form/admin-date-input';

interface ClosureDateFieldProps<T extends FieldValues, TOut> {
  form: UseFormReturn<T, unknown, TOut>;
  name: FieldPath<T>;
  id: string;
  label: string;
  /** The café's today (the server's): the picker starts there. */
  today: string | undefined;
  /** Fields checked again when this one changes after a submit (To against From). */
  deps?: FieldPath<T>[];
  /** Said when a date before today is typed (the picker refuses it). */
  pastMessage?: string;
}

/** A date of the Block Date form or the range dialog: a calendar picker from today, its error under it. */
export function ClosureDateField<T extends FieldValues, TOut>({
  form,
  name,
  id,
  label,
  today,
  deps,
  pastMessage = DATE_FROM_TODAY_MESSAGE,
}: ClosureDateFieldProps<T, TOut>) {
  const error = form.getFieldState(name, form.formState).error?.message;
  return (
    <Field id={id} label={label} error={error}>
      <Controller
        control={form.control}
        name={name}
        rules={deps ? { deps } : undefined}
        render={({ field }) => (
          <AdminDateInput
            id={id}
            value={field.value ?? ''}
            minDate={today}
            onChange={(next) => {
              field.onChange(next);
              // Before a submit nothing is checked: a typed past date's message goes with the next pick.
              if (!form.formState.isSubmitted) form.clearErrors(name);
            }}
            onPastDate={() => {
              form.setValue(name, '' as PathValue<T, FieldPath<T>>, { shouldDirty: true });
              form.setError(name, { type: 'past', message: pastMessage }, { shouldFocus: false });
            }}
            invalid={Boolean(error)}
            describedBy={error ? `${id}-error` : undefined}
          />
        )}
      />
    </Field>
  );
}
