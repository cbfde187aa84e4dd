import { Callout } from '@blueprintjs/core';
import type { FieldErrors, FieldValues, FormState } from 'react-hook-form';
import './error-summary.css';

function messagesOf(errors: FieldErrors, out: string[] = []): string[] {
  for (const error of Object.values(errors)) {
    if (!error || typeof error !== 'object') continue;
    if (typeof error.message === 'string' && error.message) out.push(error.message);
    else messagesOf(error as FieldErrors, out);
  }
  return [...new Set(out)];
}

/**
 * One announcement per failed submit instead of an alert per field: what needs fixing now, shown from a
 * submit until every field is valid (a fixed field's message leaves the list; the banner goes with the
 * last one). Each field still shows its own message, tied to it by aria-describedby.
 */
export function ErrorSummary<T extends FieldValues>({ formState }: { formState: Pick<FormState<T>, 'errors' | 'submitCount'> }) {
  const { errors, submitCount } = formState;
  const messages = messagesOf(errors);
  if (submitCount === 0 || messages.length === 0) return null;
  return (
    // A fresh element for every submit: a screen reader announces an alert when it appears.
    <Callout key={submitCount} role="alert" intent="danger" compact className="form-span error-summary">
      {`Please fix: ${messages.join(' · ')}`}
    </Callout>
  );
}
