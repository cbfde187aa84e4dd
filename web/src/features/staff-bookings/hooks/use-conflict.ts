import { useState } from 'react';
import { STALE_VERSION_MESSAGE } from '@cafe/contracts';
import { ApiError, errorDescription } from '../../../lib/api-client';
import { toast } from '../../../lib/toaster';
import { isConflict } from '../../../lib/versioned';

export interface ConflictState<T> {
  message: string;
  /** The booking as the server has it now; null while it loads. */
  current: T | null;
}

/**
 * Optimistic concurrency in a dialog: edits go out with the version the dialog opened with; a 409
 * loads the current booking so the admin sees what changed and chooses to re-apply or take it.
 */
export function useConflict<T extends { version: number }>(openedVersion: number, fetchCurrent: () => Promise<T>) {
  const [version, setVersion] = useState(openedVersion);
  const [conflict, setConflict] = useState<ConflictState<T> | null>(null);

  /** Returns true when the error was a conflict (the dialog then shows it instead of a plain failure). */
  const handleError = (error: unknown): boolean => {
    if (!isConflict(error)) return false;
    const message = (error instanceof ApiError && error.serverMessage) || STALE_VERSION_MESSAGE;
    setConflict({ message, current: null });
    fetchCurrent().then(
      (current) => setConflict({ message, current }),
      (loadError: unknown) => {
        setConflict(null);
        toast({
          title: message,
          description: errorDescription(loadError, 'Please close this dialog and open the booking again.'),
          intent: 'danger',
        });
      },
    );
    return true;
  };

  /** The admin saw the current booking: further edits apply on top of its version. */
  const adoptCurrent = (): T | null => {
    const current = conflict?.current ?? null;
    if (current) setVersion(current.version);
    setConflict(null);
    return current;
  };

  return { version, conflict, handleError, adoptCurrent };
}

export type Conflict<T extends { version: number }> = ReturnType<typeof useConflict<T>>;
