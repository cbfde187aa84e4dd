import { Button, Tag } from '@blueprintjs/core';
import { useBookings } from '../../api/get-bookings';

/**
 * The Parties tab's count of requests waiting for a decision (today on). It reads the Parties list's own
 * query, so the live updates' refetch of that list moves the count without a reload.
 */
export default function PendingPartiesBadge({ label, onOpen }: { label: string; onOpen?: () => void }) {
  const parties = useBookings('party');
  const pending = parties.data?.filter((p) => p.status === 'pending').length ?? 0;
  if (pending === 0) return null;
  const says = `${pending} pending`;
  const tag = (
    <Tag round intent="warning" className="pending-badge" aria-label={onOpen ? undefined : says} data-count={pending}>
      {pending}
    </Tag>
  );
  if (!onOpen) return tag;
  // Phones: the sections are a dropdown, so the count is a button to the section beside it.
  return (
    <Button variant="outlined" size="small" onClick={onOpen} aria-label={`${label}: ${says}`} className="pending-badge-button">
      {label} {tag}
    </Button>
  );
}
