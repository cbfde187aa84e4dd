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

/** What ties an input to its Field's error: aria-invalid and aria-describedby `${id}-error`, or nothing. */
export const errorAria = (id: string, error: unknown) =>
  error ? ({ 'aria-invalid': true, 'aria-describedby': `${id}-error` } as const) : {};

/**
 * A labelled field whose error shows under it as `${id}-error` (the input points at it with
 * errorAria). The error is not an alert of its own: the form's ErrorSummary announces them all once.
 */
export function Field({ id, label, error, optional, children, className }: FieldProps) {
  return (
    <FormGroup
      className={className}
      label={label}
      labelFor={id}
      labelInfo={optional ? '(optional)' : undefined}
      intent={error ? 'danger' : 'none'}
      helperText={error ? <span id={`${id}-error`}>{error}</span> : undefined}
    >
      {children}
    </FormGroup>
  );
}
