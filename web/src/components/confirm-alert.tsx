import { Alert } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import '../styles/forms.css';

interface ConfirmAlertProps {
  isOpen: boolean;
  confirmText: string;
  /** The safe choice, which gets the focus. */
  cancelText?: string;
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
  loading,
  onConfirm,
  onCancel,
  className = 'confirm-alert',
  children,
}: ConfirmAlertProps) {
  return (
    <Alert
      isOpen={isOpen}
      intent="danger"
      confirmButtonText={confirmText}
      cancelButtonText={cancelText}
      canEscapeKeyCancel
      loading={loading}
      onConfirm={onConfirm}
      onCancel={onCancel}
      className={className}
    >
      {children}
    </Alert>
  );
}
