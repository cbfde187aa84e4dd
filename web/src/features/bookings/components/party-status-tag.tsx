import { Tag } from '@blueprintjs/core';
import type { PartyStatus } from '@cafe/contracts';

const LABEL: Record<PartyStatus, string> = { pending: 'Pending', approved: 'Approved', rejected: 'Rejected' };

/** Badges: pending secondary (grey), approved green, rejected destructive (red). */
export function PartyStatusTag({ status }: { status: PartyStatus }) {
  return (
    <Tag
      round
      intent={status === 'approved' ? 'success' : status === 'rejected' ? 'danger' : 'none'}
      className={`party-status party-status-${status}`}
    >
      {LABEL[status]}
    </Tag>
  );
}
