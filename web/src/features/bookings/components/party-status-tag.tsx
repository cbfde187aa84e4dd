import { Tag } from '@blueprintjs/core';
import type { PartyStatus } from '@cafe/contracts';

const LABEL: Record<PartyStatus, string> = { pending: 'Pending', approved: 'Approved', rejected: 'Rejected' };

/** Badges (SPEC): pending in mustard (waiting on us), approved in the success teal, rejected destructive (brick). */
export function PartyStatusTag({ status }: { status: PartyStatus }) {
  return (
    <Tag
      round
      intent={status === 'approved' ? 'success' : status === 'rejected' ? 'danger' : 'warning'}
      className={`party-status party-status-${status}`}
    >
      {LABEL[status]}
    </Tag>
  );
}
