import { Button, Callout, Spinner } from '@blueprintjs/core';

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
