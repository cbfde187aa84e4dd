import { Button, Dialog, DialogBody, DialogFooter } from '@blueprintjs/core';
import type { FormEventHandler, ReactNode } from 'react';

interface ContentFormDialogProps {
  isOpen: boolean;
  onClose: () => void;
  title: string;
  /** The form's accessible name. */
  ariaLabel: string;
  onSubmit: FormEventHandler<HTMLFormElement>;
  pending: boolean;
  submitText: string;
  children: ReactNode;
}

/** A content dialog's form: its fields, then Cancel and the submit button. */
export function ContentFormDialog({ isOpen, onClose, title, ariaLabel, onSubmit, pending, submitText, children }: ContentFormDialogProps) {
  return (
    <Dialog isOpen={isOpen} onClose={onClose} title={title} className="content-dialog">
      <form noValidate aria-label={ariaLabel} onSubmit={onSubmit}>
        <DialogBody>{children}</DialogBody>
        <DialogFooter
          actions={
            <>
              <Button text="Cancel" variant="minimal" onClick={onClose} />
              <Button type="submit" intent="primary" loading={pending} text={submitText} />
            </>
          }
        />
      </form>
    </Dialog>
  );
}
