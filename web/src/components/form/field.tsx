import { FormGroup } from '@blueprintjs/core';
import type { ReactNode } from 'react';

interface FieldProps {
  id: string;
  label: string;
  error?: string;
  optional?: boolean;
  children: ReactNode;
  className?: string;
}

/** A labelled field whose error is announced and tied to its input by `${id}-error`. */
export function Field({ id, label, error, optional, children, className }: FieldProps) {
  return (
    <FormGroup
      className={className}
      label={label}
      labelFor={id}
      labelInfo={optional ? '(optional)' : undefined}
      intent={error ? 'danger' : 'none'}
      helperText={
        error ? (
          <span id={`${id}-error`} role="alert">
            {error}
          </span>
        ) : undefined
      }
    >
      {children}
    </FormGroup>
  );
}
