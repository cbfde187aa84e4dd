import { Tag } from '@blueprintjs/core';
import type { PartyStatus } from '@cafe/contracts';
import './party-status-tag.css';

const LABEL: Record<PartyStatus, string> = { pending: 'Pending', approved: 'Approved', rejected: 'Rejected' };

/** Badges (SPEC): pending secondary, approved green, rejected destructive (brick-dark). */
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
