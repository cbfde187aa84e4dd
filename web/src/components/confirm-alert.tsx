import { Alert, type Intent } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import '../styles/forms.css';

interface ConfirmAlertProps {
  isOpen: boolean;
  confirmText: string;
  /** The safe choice, which gets the focus. */
  cancelText?: string;
  /** The question in the serif, above the explanation (styles/forms.css: one confirmation frame). */
  title?: ReactNode;
  /** Danger for what cannot be undone; primary for a safe but weighty action (a rebuild). */
  intent?: Intent;
  loading?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  className?: string;
  children: ReactNode;
}

/** A destructive action asks first; Escape or Cancel leaves everything as it was. */
export function ConfirmAlert({
  isOpen,
  confirmText,
  cancelText = 'Cancel',
  title,
  intent = 'danger',
  loading,
  onConfirm,
  onCancel,
  className = 'confirm-alert',
  children,
}: ConfirmAlertProps) {
  return (
    <Alert
      isOpen={isOpen}
      intent={intent}
      confirmButtonText={confirmText}
      cancelButtonText={cancelText}
      canEscapeKeyCancel
      loading={loading}
      onConfirm={onConfirm}
      onCancel={onCancel}
      className={className}
    >
      {title ? <h2 className="confirm-alert-title">{title}</h2> : null}
      {children}
    </Alert>
  );
}
