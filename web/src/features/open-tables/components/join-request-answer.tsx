import { Button, Tag } from '@blueprintjs/core';
import { JOIN_ACCEPTED_TOAST, JOIN_DECLINED_TOAST } from '@cafe/contracts';
import { BusyButton } from '../../../components/busy-button';
import { toast } from '../../../lib/toaster';

interface JoinRequestAnswerProps {
  request: { name: string; status: string };
  /** Sends the answer; `onSuccess` toasts it once the server took it. */
  answer: (answer: 'accept' | 'decline', onSuccess: () => void) => void;
  /** This request's Accept is on its way (the host's page shows it). */
  accepting?: boolean;
}

/**
 * A request to join an open table, answered by its host or by the staff alike: Accept and Decline while
 * it waits, then what was answered.
 */
export function JoinRequestAnswer({ request, answer, accepting = false }: JoinRequestAnswerProps) {
  if (request.status !== 'pending') {
    return (
      <Tag round intent={request.status === 'accepted' ? 'success' : 'none'}>
        {request.status === 'accepted' ? 'Accepted' : 'Declined'}
      </Tag>
    );
  }
  return (
    <span className="host-table-actions">
      <BusyButton
        intent="success"
        text="Accept"
        aria-label={`Accept ${request.name}`}
        busy={accepting}
        onClick={() => answer('accept', () => toast({ title: JOIN_ACCEPTED_TOAST, intent: 'success' }))}
      />
      <Button
        text="Decline"
        aria-label={`Decline ${request.name}`}
        onClick={() => answer('decline', () => toast({ title: JOIN_DECLINED_TOAST }))}
      />
    </span>
  );
}
