import { HTMLSelect, InputGroup, TextArea } from '@blueprintjs/core';
import { NO_EMAIL, NO_EMAIL_HINT } from '@cafe/contracts';
import { Controller, useWatch } from 'react-hook-form';
import { errorAria, Field } from '../form/field';
import { PhoneInput } from '../form/phone-input';
import type { BookingFields } from './use-booking-form';
import './booking-fields.css';

/** Name and email: a registered text input announcing its error (id `${idPrefix}-${name}`). */
function TextField({
  fields,
  name,
  label,
  type = 'text',
  optional,
  hint,
  placeholder,
}: {
  fields: BookingFields;
  name: 'name' | 'email';
  label: string;
  type?: 'text' | 'email';
  optional?: boolean;
  hint?: string;
  placeholder?: string;
}) {
  const { idPrefix, form } = fields;
  const id = `${idPrefix}-${name}`;
  const error = form.formState.errors[name];
  const input = form.register(name);
  return (
    <Field id={id} label={label} error={error?.message} optional={optional} hint={hint}>
      <InputGroup
        id={id}
        type={type}
        autoComplete={name}
        placeholder={placeholder}
        inputRef={input.ref}
        name={input.name}
        onChange={input.onChange}
        onBlur={input.onBlur}
        intent={error ? 'danger' : 'none'}
        {...errorAria(id, error)}
        {...(hint && !error ? { 'aria-describedby': `${id}-hint` } : {})}
      />
    </Field>
  );
}

/**
 * Name, email and phone, the contact fields every booking starts with. Staff (`staff`) may leave the
 * e-mail empty for a booking taken by phone: the empty field reads 'no e-mail' and says what that means.
 */
export function ContactFields({ fields, staff }: { fields: BookingFields; staff?: boolean }) {
  const { idPrefix, form } = fields;
  const phoneError = form.formState.errors.phone;
  const email = useWatch({ control: form.control, name: 'email' });
  const noEmail = staff && !email?.trim();
  return (
    <>
      <TextField fields={fields} name="name" label="Name" />
      <TextField
        fields={fields}
        name="email"
        label="Email"
        type="email"
        optional={staff}
        placeholder={staff ? NO_EMAIL : undefined}
        hint={noEmail ? NO_EMAIL_HINT : undefined}
      />
      <Field id={`${idPrefix}-phone`} label="Phone" error={phoneError?.message}>
        <Controller
          control={form.control}
          name="phone"
          render={({ field }) => (
            <PhoneInput
              id={`${idPrefix}-phone`}
              value={field.value ?? ''}
              onChange={field.onChange}
              onBlur={field.onBlur}
              inputRef={field.ref}
              invalid={Boolean(phoneError)}
              describedBy={phoneError ? `${idPrefix}-phone-error` : undefined}
            />
          )}
        />
      </Field>
    </>
  );
}

interface SizeFieldProps {
  fields: BookingFields;
  label: string;
  sizes: readonly number[];
  /** An option's text, e.g. "4 People" or "12 guests". */
  format: (size: number) => string;
}

/** The party size as a select of the sizes the contract allows (id `${idPrefix}-size`). */
export function SizeField({ fields, label, sizes, format }: SizeFieldProps) {
  const { idPrefix, form } = fields;
  const id = `${idPrefix}-size`;
  const error = form.formState.errors.partySize;
  return (
    <Field id={id} label={label} error={error?.message}>
      <Controller
        control={form.control}
        name="partySize"
        render={({ field }) => (
          <HTMLSelect
            id={id}
            fill
            ref={field.ref}
            value={String(field.value)}
            onChange={(e) => field.onChange(Number(e.target.value))}
            onBlur={field.onBlur}
            className={error ? 'select-invalid' : undefined}
            {...errorAria(id, error)}
          >
            {sizes.map((n) => (
              <option key={n} value={n}>
                {format(n)}
              </option>
            ))}
          </HTMLSelect>
        )}
      />
    </Field>
  );
}

/** The optional free text at the end of a booking (id `${idPrefix}-requests`). */
export function RequestsField({ fields, placeholder }: { fields: BookingFields; placeholder: string }) {
  const { idPrefix, form } = fields;
  const id = `${idPrefix}-requests`;
  const requests = form.register('specialRequests');
  return (
    <Field id={id} label="Special requests" optional className="form-span">
      <TextArea
        id={id}
        fill
        rows={3}
        placeholder={placeholder}
        inputRef={requests.ref}
        name={requests.name}
        onChange={requests.onChange}
        onBlur={requests.onBlur}
      />
    </Field>
  );
}
