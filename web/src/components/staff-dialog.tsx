import { Dialog, type DialogProps } from '@blueprintjs/core';
import '../styles/forms.css';
import './staff-dialog.css';

/** A dialog of the dashboard (booking dialogs, the range closure, filters): one width and body for all of them. */
export function StaffDialog({ className, ...props }: DialogProps) {
  return <Dialog {...props} className={className ? `staff-dialog ${className}` : 'staff-dialog'} />;
}
