import { Button, Callout, Spinner } from '@blueprintjs/core';
import type { Conflict } from '../../hooks/use-conflict';
import './booking-dialog.css';

export const CONFLICT_TITLE = 'Someone else changed this booking';

interface ConflictCalloutProps {
  /** The server's 409 message. */
  message: string;
  /** The booking as it is now: label → value, or null while it loads. */
  current: [string, string][] | null;
  onReapply: () => void;
  onDiscard: () => void;
  busy?: boolean;
}

/**
 * A stale edit (409): nothing was saved. Shows the booking as it is now and lets the admin re-apply
 * their changes on top of it, or take the current values instead.
 */
export function ConflictCallout({ message, current, onReapply, onDiscard, busy }: ConflictCalloutProps) {
  return (
    <Callout intent="warning" title={CONFLICT_TITLE} role="alert" className="booking-conflict">
      <p>{message}</p>
      {current ? (
        <>
          <p className="booking-conflict-lead">The booking now reads:</p>
          <dl className="booking-conflict-values">
            {current.map(([label, value]) => (
              <div key={label}>
                <dt>{label}</dt>
                <dd>{value}</dd>
              </div>
            ))}
          </dl>
          <div className="booking-conflict-actions">
            <Button intent="primary" onClick={onReapply} loading={busy}>
              Re-apply my changes
            </Button>
            <Button onClick={onDiscard} disabled={busy}>
              Use the current values
            </Button>
          </div>
        </>
      ) : (
        <Spinner size={20} aria-label="Loading the current booking" />
      )}
    </Callout>
  );
}

interface BookingConflictProps<T extends { version: number }> {
  conflict: Conflict<T>;
  /** The booking as it is now, as label → value. */
  summary: (current: T) => [string, string][];
  /** Called once the admin has taken the current booking (its version is then the one sent). */
  onReapply: (current: T) => void;
  onDiscard: (current: T) => void;
  busy?: boolean;
}

/** The conflict of a dialog's useConflict, when there is one; both choices first adopt the current booking. */
export function BookingConflict<T extends { version: number }>({ conflict, summary, onReapply, onDiscard, busy }: BookingConflictProps<T>) {
  if (!conflict.conflict) return null;
  const adopt = (then: (current: T) => void) => () => {
    const current = conflict.adoptCurrent();
    if (current) then(current);
  };
  const { message, current } = conflict.conflict;
  return (
    <ConflictCallout
      message={message}
      current={current ? summary(current) : null}
      onReapply={adopt(onReapply)}
      onDiscard={adopt(onDiscard)}
      busy={busy}
    />
  );
}
