import { Callout } from '@blueprintjs/core';
import { useState } from 'react';
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
 * One announcement per failed submit instead of an alert per field: what needs fixing, as it stood at
 * the submit (so fixing a field does not re-announce the rest), shown while any error remains. Each
 * field still shows its own message, tied to it by aria-describedby.
 */
export function ErrorSummary<T extends FieldValues>({ formState }: { formState: Pick<FormState<T>, 'errors' | 'submitCount'> }) {
  const { errors, submitCount } = formState;
  // State adjusted while rendering: the messages are taken anew only when another submit happened.
  const [snapshot, setSnapshot] = useState({ count: submitCount, messages: messagesOf(errors) });
  if (snapshot.count !== submitCount) setSnapshot({ count: submitCount, messages: messagesOf(errors) });
  const messages = snapshot.count === submitCount ? snapshot.messages : messagesOf(errors);
  if (submitCount === 0 || messages.length === 0 || Object.keys(errors).length === 0) return null;
  return (
    // A fresh element for every submit: a screen reader announces an alert when it appears.
    <Callout key={submitCount} role="alert" intent="danger" compact className="form-span error-summary">
      {messages.length === 1 ? `Please fix this: ${messages[0]}` : `Please fix ${messages.length} fields: ${messages.join(' · ')}`}
    </Callout>
  );
}
