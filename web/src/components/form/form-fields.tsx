import { InputGroup, Switch, TextArea, type InputGroupProps, type TextAreaProps } from '@blueprintjs/core';
import { Controller, type FieldPath, type FieldValues, type RegisterOptions, type UseFormReturn } from 'react-hook-form';
import { bpRegister } from '../bp-register';
import { BoundSelect } from './bound-select';
import { errorAria, Field } from './field';

interface RegisteredProps<T extends FieldValues, TOut> {
  form: UseFormReturn<T, unknown, TOut>;
  name: FieldPath<T>;
  id: string;
  label: string;
  optional?: boolean;
  registerOptions?: RegisterOptions<T, FieldPath<T>>;
}

type Registered = 'form' | 'id' | 'name' | 'onChange' | 'onBlur' | 'inputRef' | 'intent';

interface TextFieldProps<T extends FieldValues, TOut> extends RegisteredProps<T, TOut>, Omit<InputGroupProps, Registered> {
  /** The input itself turns red on an error (the message shows either way). */
  markInvalid?: boolean;
  /** Said under the field while it has no error: what the value is for (who reads it). */
  hint?: string;
}

const errorOf = <T extends FieldValues, TOut>(form: UseFormReturn<T, unknown, TOut>, name: FieldPath<T>) =>
  form.getFieldState(name, form.formState).error;

/** A labelled Blueprint InputGroup registered with react-hook-form, its error under it. */
export function TextField<T extends FieldValues, TOut>(props: TextFieldProps<T, TOut>) {
  const { form, name, id, label, optional, registerOptions, markInvalid = true, hint, ...input } = props;
  const error = errorOf(form, name);
  return (
    <Field id={id} label={label} optional={optional} error={error?.message} hint={hint}>
      <InputGroup
        {...bpRegister(form, name, registerOptions)}
        id={id}
        {...(hint && !error ? { 'aria-describedby': `${id}-hint` } : {})}
        {...input}
        {...errorAria(id, error)}
        intent={markInvalid ? (error ? 'danger' : 'none') : undefined}
      />
    </Field>
  );
}

type TextAreaFieldProps<T extends FieldValues, TOut> = RegisteredProps<T, TOut> & Omit<TextAreaProps, Registered>;

/** A labelled Blueprint TextArea registered with react-hook-form, its error under it. */
export function TextAreaField<T extends FieldValues, TOut>(props: TextAreaFieldProps<T, TOut>) {
  const { form, name, id, label, optional, registerOptions, ...area } = props;
  const error = errorOf(form, name);
  return (
    <Field id={id} label={label} optional={optional} error={error?.message}>
      <TextArea {...bpRegister(form, name, registerOptions)} id={id} {...area} {...errorAria(id, error)} />
    </Field>
  );
}

/** A Blueprint Switch bound to a boolean field. */
export function SwitchField<T extends FieldValues, TOut>({
  form,
  name,
  label,
}: {
  form: UseFormReturn<T, unknown, TOut>;
  name: FieldPath<T>;
  label: string;
}) {
  return (
    <Controller
      control={form.control}
      name={name}
      render={({ field }) => (
        <Switch label={label} checked={!!field.value} inputRef={field.ref} onChange={(e) => field.onChange(e.currentTarget.checked)} />
      )}
    />
  );
}

interface SelectFieldProps<T extends FieldValues, TOut> extends Omit<RegisteredProps<T, TOut>, 'registerOptions'> {
  /** The first, empty choice: 'Select a category'. */
  placeholder: string;
  options: readonly { value: string; label: string }[];
}

/** A labelled Blueprint HTMLSelect bound to a string field, an empty first choice, its error under it. */
export function SelectField<T extends FieldValues, TOut>(props: SelectFieldProps<T, TOut>) {
  const { form, name, id, label, optional, placeholder, options } = props;
  const error = errorOf(form, name);
  return (
    <Field id={id} label={label} optional={optional} error={error?.message}>
      <BoundSelect
        control={form.control}
        name={name}
        id={id}
        empty={placeholder}
        options={options}
        className={error ? 'select-invalid' : undefined}
        aria={errorAria(id, error)}
      />
    </Field>
  );
}
