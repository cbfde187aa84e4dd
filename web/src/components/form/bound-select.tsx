import { HTMLSelect } from '@blueprintjs/core';
import type { AriaAttributes } from 'react';
import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';

export interface BoundSelectProps<T extends FieldValues, TOut> {
  control: Control<T, unknown, TOut>;
  name: FieldPath<T>;
  id: string;
  options: readonly { value: string | number; label: string }[];
  /** The choice of none (its value ''), listed first when given. */
  empty?: string;
  /** The field's value for the chosen option's value (as the select reads it, a string); the string itself without it. */
  parse?: (value: string) => unknown;
  className?: string;
  aria: AriaAttributes;
}

/** A Blueprint HTMLSelect bound to a react-hook-form field (the labelled SelectField and the holding time use it). */
export function BoundSelect<T extends FieldValues, TOut>({
  control,
  name,
  id,
  options,
  empty,
  parse,
  className,
  aria,
}: BoundSelectProps<T, TOut>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <HTMLSelect
          id={id}
          fill
          ref={field.ref}
          value={String(field.value ?? '')}
          onChange={(e) => field.onChange(parse ? parse(e.target.value) : e.target.value)}
          onBlur={field.onBlur}
          className={className}
          {...aria}
        >
          {empty === undefined ? null : <option value="">{empty}</option>}
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </HTMLSelect>
      )}
    />
  );
}
