import { Alert } from '@blueprintjs/core';
import { useState } from 'react';
import { WarningSignIcon } from '../../../../components/content-icons';
import { ApiError } from '../../../../lib/api-client';
import { isFullyBooked } from '../../../../lib/versioned';

interface Pending {
  message: string;
  retry: () => void;
}

/**
 * Staff may book past the seat capacity: a "fully booked" refusal (409, code fully-booked) opens a
 * warning, and confirming sends the same request again with the explicit override.
 */
export function useCapacityOverride() {
  const [pending, setPending] = useState<Pending | null>(null);

  /** True when the error was "fully booked" (the warning then shows); `retry` resends with the override. */
  const handleError = (error: unknown, retry: () => void): boolean => {
    if (!isFullyBooked(error)) return false;
    setPending({ message: (error instanceof ApiError && error.serverMessage) || 'This time is fully booked.', retry });
    return true;
  };

  const alert = (
    <Alert
      isOpen={pending !== null}
      intent="warning"
      icon={<WarningSignIcon />}
      className="capacity-warning"
      confirmButtonText="Book anyway"
      cancelButtonText="Go back"
      canEscapeKeyCancel
      onConfirm={() => {
        pending?.retry();
        setPending(null);
      }}
      onCancel={() => setPending(null)}
    >
      <p>
        <strong>{pending?.message}</strong>
      </p>
      <p>Guests are refused this time on the website. Booking anyway seats more people than the café's seat capacity.</p>
    </Alert>
  );

  return { handleError, alert };
}
