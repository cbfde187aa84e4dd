import { FormGroup } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import '../../styles/forms.css';
import './field.css';

interface FieldProps {
  id: string;
  label: string;
  error?: string;
  /**
   * What the control's value means for the form (a closed day), said as soon as it is chosen: shown
   * under the control as `${id}-notice` in place of an error, announced once (role=alert).
   */
  notice?: string;
  /** A plain word on what the value is for (who reads it), as `${id}-hint`, when there is no error or notice. */
  hint?: string;
  optional?: boolean;
  children: ReactNode;
  className?: string;
}

/** What ties an input to its Field's error: aria-invalid and aria-describedby `${id}-error`, or nothing. */
export const errorAria = (id: string, error: unknown) =>
  error ? ({ 'aria-invalid': true, 'aria-describedby': `${id}-error` } as const) : {};

/**
 * A labelled field with one message under it: its error as `${id}-error` (the input points at it with
 * errorAria), else its notice, else its hint. The error is not an alert of its own: the form's ErrorSummary announces
 * them all once.
 */
export function Field({ id, label, error, notice, hint, optional, children, className }: FieldProps) {
  return (
    <FormGroup
      className={className ? `field ${className}` : 'field'}
      label={label}
      labelFor={id}
      labelInfo={optional ? '(optional)' : undefined}
      intent={error || notice ? 'danger' : 'none'}
      helperText={
        error ? (
          <span id={`${id}-error`}>{error}</span>
        ) : notice ? (
          <span id={`${id}-notice`} role="alert">
            {notice}
          </span>
        ) : hint ? (
          <span id={`${id}-hint`}>{hint}</span>
        ) : undefined
      }
    >
      {children}
    </FormGroup>
  );
}
