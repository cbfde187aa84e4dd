import { Dialog, DialogBody } from '@blueprintjs/core';
import type { FormEventHandler, ReactNode } from 'react';
import type { FieldValues, FormState } from 'react-hook-form';
import { ErrorSummary } from './form/error-summary';
import { BusyButton } from './busy-button';
import { DialogActions } from './dialog-actions';
import '../styles/forms.css';

interface ContentFormDialogProps {
  isOpen: boolean;
  onClose: () => void;
  title: string;
  /** The form's accessible name. */
  ariaLabel: string;
  onSubmit: FormEventHandler<HTMLFormElement>;
  pending: boolean;
  submitText: string;
  /** The form's state, for the one announced summary of its errors. */
  formState: Pick<FormState<FieldValues>, 'errors' | 'submitCount'>;
  children: ReactNode;
}

/** A content dialog's form: its fields, then Close and the submit button (the one dialog footer). */
export function ContentFormDialog(props: ContentFormDialogProps) {
  const { isOpen, onClose, title, ariaLabel, onSubmit, pending, submitText, formState, children } = props;
  return (
    <Dialog isOpen={isOpen} onClose={onClose} title={title} className="content-dialog">
      <form noValidate aria-label={ariaLabel} onSubmit={onSubmit}>
        <DialogBody>
          {children}
          <ErrorSummary formState={formState} />
        </DialogBody>
        <DialogActions onClose={onClose}>
          <BusyButton type="submit" intent="primary" busy={pending} text={submitText} />
        </DialogActions>
      </form>
    </Dialog>
  );
}
