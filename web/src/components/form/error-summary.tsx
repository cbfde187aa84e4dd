import { Callout } from '@blueprintjs/core';
import type { FieldValues, FormState } from 'react-hook-form';
import './error-summary.css';

/** The one short line a failed submit shows: each field's own message stays under it, said once. */
export const ERROR_SUMMARY_TEXT = 'Some fields need your attention.';

/**
 * What a failed submit says besides the fields' own messages: one short line, not the messages again
 * (design system: one message under each control). react-hook-form moves the focus to the first invalid
 * field, so a screen reader reads its label and its message (aria-describedby); this line is an alert
 * that appears afresh on each failed submit and goes once every field is valid.
 */
export function ErrorSummary<T extends FieldValues>({ formState }: { formState: Pick<FormState<T>, 'errors' | 'submitCount'> }) {
  const { errors, submitCount } = formState;
  if (submitCount === 0 || Object.keys(errors).length === 0) return null;
  return (
    // A fresh element for every submit: a screen reader announces an alert when it appears.
    <Callout key={submitCount} role="alert" intent="danger" compact icon="error" className="form-span error-summary">
      {ERROR_SUMMARY_TEXT}
    </Callout>
  );
}
