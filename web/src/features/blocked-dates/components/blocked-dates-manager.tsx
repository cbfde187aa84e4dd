import { Button, Callout, NonIdealState, Spinner } from '@blueprintjs/core';
import type { BlockedDateResult, BlockedRangeResult } from '@cafe/contracts';
import { useState } from 'react';
import { errorDescription } from '../../../lib/api-client';
import { useCafeClock } from '../../../lib/cafe-clock';
import { toast } from '../../../lib/toaster';
import { useBlockedDates } from '../../../lib/blocked-dates';
import { useUnblockDate } from '../api/unblock-date';
import { useUnblockRange } from '../api/unblock-range';
import { BlockDateForm } from './block-date-form';
import { BlockRangeDialog } from './block-range-dialog';
import { BlockedDatesList } from './blocked-dates-list';
import { closureSummary } from '../../../components/closure-preview/closure-impact';
import './blocked-dates-manager.css';

/** The Blocked Dates section: days the café is closed, which both public forms then refuse. */
export default function BlockedDatesManager() {
  const blocked = useBlockedDates();
  const clock = useCafeClock();
  const [open, setOpen] = useState(false);
  const dateBlocked = (result: BlockedDateResult) => {
    setOpen(false);
    // SPEC's toast; what became of the day's bookings is said in the same one.
    toast({ title: 'Date blocked successfully', description: closureSummary(result), intent: 'success' });
  };
  const unblock = useUnblockDate({
    onSuccess: () => toast({ title: 'Date unblocked successfully', intent: 'success' }),
    onError: (error) =>
      toast({ title: 'Failed to unblock date', description: errorDescription(error, 'Please try again'), intent: 'danger' }),
  });
  const [rangeOpen, setRangeOpen] = useState(false);
  const unblockRange = useUnblockRange({
    onSuccess: () => toast({ title: 'Dates unblocked successfully', intent: 'success' }),
    onError: (error) =>
      toast({ title: 'Failed to unblock dates', description: errorDescription(error, 'Please try again'), intent: 'danger' }),
  });
  const rangeBlocked = (result: BlockedRangeResult) => {
    setRangeOpen(false);
    // One toast at a time: bookings left alone are said in the same one.
    toast({ title: 'Dates blocked successfully', description: rangeSummary(result), intent: 'success' });
  };
  const pending = unblock.isPending ? unblock.variables : unblockRange.isPending ? unblockRange.variables : null;

  return (
    <section className="blocked-dates" aria-labelledby="blocked-heading">
      <div className="blocked-dates-head">
        <h2 id="blocked-heading">Blocked Dates</h2>
        <div className="blocked-dates-buttons">
          {!open ? (
            <Button intent="primary" onClick={() => setOpen(true)}>
              Block Date
            </Button>
          ) : null}
          <Button intent="primary" variant="outlined" onClick={() => setRangeOpen(true)} disabled={!clock.data}>
            Block Range
          </Button>
        </div>
      </div>
      {clock.data ? (
        <BlockRangeDialog
          isOpen={rangeOpen}
          today={clock.data.today}
          onClose={() => setRangeOpen(false)}
          onBlocked={rangeBlocked}
          onError={(error) =>
            toast({ title: 'Failed to block dates', description: errorDescription(error, 'Please try again'), intent: 'danger' })
          }
        />
      ) : null}
      {open ? (
        <BlockDateForm
          today={clock.data?.today}
          onClose={() => setOpen(false)}
          onBlocked={dateBlocked}
          onError={(error) =>
            toast({ title: 'Failed to block date', description: errorDescription(error, 'Please try again'), intent: 'danger' })
          }
        />
      ) : null}
      {blocked.isPending ? (
        <Spinner aria-label="Loading blocked dates" />
      ) : blocked.isError ? (
        <Callout intent="danger" role="alert">
          {errorDescription(blocked.error, 'Please try again')}
        </Callout>
      ) : blocked.data.length === 0 ? (
        <NonIdealState
          title="No blocked dates"
          description="Add the dates when the café will be closed, and the booking forms will turn them away."
        />
      ) : (
        <BlockedDatesList
          blocked={blocked.data}
          pending={pending ?? null}
          onUnblockDate={(id) => unblock.mutate(id)}
          onUnblockRange={(id) => unblockRange.mutate(id)}
        />
      )}
    </section>
  );
}

function rangeSummary(result: BlockedRangeResult): string {
  const days = `${result.blocked.length} ${result.blocked.length === 1 ? 'day' : 'days'} closed`;
  const bookings = closureSummary(result);
  return bookings ? `${days}; ${bookings}` : `${days}.`;
}
