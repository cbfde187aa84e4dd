import { Controller, type FieldPath, type FieldValues, type UseFormReturn } from 'react-hook-form';
import { Field } from '../../../components/form/field';
import { AdminDateInput } from '../../../components/form/admin-date-input';

interface ClosureDateFieldProps<T extends FieldValues, TOut> {
  form: UseFormReturn<T, unknown, TOut>;
  name: FieldPath<T>;
  id: string;
  label: string;
  /** The café's today (the server's): the picker starts there. */
  today: string | undefined;
}

/** A date of the Block Date form or the range dialog: a calendar picker from today, its error under it. */
export function ClosureDateField<T extends FieldValues, TOut>({ form, name, id, label, today }: ClosureDateFieldProps<T, TOut>) {
  const error = form.getFieldState(name, form.formState).error?.message;
  return (
    <Field id={id} label={label} error={error}>
      <Controller
        control={form.control}
        name={name}
        render={({ field }) => (
          <AdminDateInput
            id={id}
            value={field.value ?? ''}
            minDate={today}
            onChange={field.onChange}
            invalid={Boolean(error)}
            describedBy={error ? `${id}-error` : undefined}
          />
        )}
      />
    </Field>
  );
}
