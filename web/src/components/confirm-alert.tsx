import { Alert } from '@blueprintjs/core';
import type { ReactNode } from 'react';

interface ConfirmAlertProps {
  isOpen: boolean;
  confirmText: string;
  loading?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  children: ReactNode;
}

/** A destructive action asks first; Escape or Cancel leaves everything as it was. */
export function ConfirmAlert({ isOpen, confirmText, loading, onConfirm, onCancel, children }: ConfirmAlertProps) {
  return (
    <Alert
      isOpen={isOpen}
      intent="danger"
      confirmButtonText={confirmText}
      cancelButtonText="Cancel"
      canEscapeKeyCancel
      loading={loading}
      onConfirm={onConfirm}
      onCancel={onCancel}
      className="confirm-alert"
    >
      {children}
    </Alert>
  );
}
