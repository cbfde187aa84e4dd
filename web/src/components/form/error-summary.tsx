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
 * One announcement per failed submit instead of an alert per field: what needs fixing now, shown from a
 * submit until every field is valid (a fixed field's message leaves the list; the banner goes with the
 * last one). It is an alert only while it still says what the submit found: once the list changes as the
 * visitor fixes fields, it stops being one, so a screen reader does not read the whole sentence again on
 * every fix. Each field still shows its own message, tied to it by aria-describedby.
 */
export function ErrorSummary<T extends FieldValues>({ formState }: { formState: Pick<FormState<T>, 'errors' | 'submitCount'> }) {
  const { errors, submitCount } = formState;
  const messages = messagesOf(errors);
  const text = `Please fix: ${messages.join(' · ')}`;
  const [announced, setAnnounced] = useState<{ submit: number; text: string } | null>(null);
  const fresh = announced?.submit !== submitCount;
  // What this submit found, kept while rendering (React's pattern for state that follows a prop).
  if (fresh && submitCount > 0 && messages.length > 0) setAnnounced({ submit: submitCount, text });
  if (submitCount === 0 || messages.length === 0) return null;
  return (
    // A fresh element for every submit: a screen reader announces an alert when it appears.
    <Callout
      key={submitCount}
      role={fresh || announced?.text === text ? 'alert' : undefined}
      intent="danger"
      compact
      className="form-span error-summary"
    >
      {text}
    </Callout>
  );
}
