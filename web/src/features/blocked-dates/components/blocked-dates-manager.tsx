import { Button, Callout, Card, InputGroup, NonIdealState, Spinner } from '@blueprintjs/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { blockedDateSchema, type BlockedDateInput, type BlockedRangeResult } from '@cafe/contracts';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { errorAria, Field } from '../../../components/form/field';
import { errorDescription } from '../../../lib/api-client';
import { useCafeClock } from '../../../lib/cafe-clock';
import { toast } from '../../../lib/toaster';
import { AdminDateInput } from '../../booking-dialogs';
import { useBlockDate } from '../api/block-date';
import { useBlockedDates } from '../api/get-blocked-dates';
import { useUnblockDate } from '../api/unblock-date';
import { useUnblockRange } from '../api/unblock-range';
import { BlockRangeDialog } from './block-range-dialog';
import { BlockedDatesList } from './blocked-dates-list';
import './blocked-dates-manager.css';
import { BusyButton } from '../../../components/busy-button';
import { ErrorSummary } from '../../../components/form/error-summary';

type Values = z.input<typeof blockedDateSchema>;
const empty: Values = { date: '', reason: '' };

/** The Blocked Dates section: days the café is closed, which both public forms then refuse. */
export default function BlockedDatesManager() {
  const blocked = useBlockedDates();
  const clock = useCafeClock();
  const [open, setOpen] = useState(false);
  const form = useForm<Values, unknown, BlockedDateInput>({ resolver: zodResolver(blockedDateSchema), defaultValues: empty });
  const close = () => {
    form.reset(empty);
    setOpen(false);
  };
  const block = useBlockDate({
    onSuccess: () => {
      void toast({ title: 'Date blocked successfully', intent: 'success' });
      close();
    },
    onError: (error) =>
      void toast({ title: 'Failed to block date', description: errorDescription(error, 'Please try again'), intent: 'danger' }),
  });
  const unblock = useUnblockDate({
    onSuccess: () => void toast({ title: 'Date unblocked successfully', intent: 'success' }),
    onError: (error) =>
      void toast({ title: 'Failed to unblock date', description: errorDescription(error, 'Please try again'), intent: 'danger' }),
  });
  const [rangeOpen, setRangeOpen] = useState(false);
  const unblockRange = useUnblockRange({
    onSuccess: () => void toast({ title: 'Dates unblocked successfully', intent: 'success' }),
    onError: (error) =>
      void toast({ title: 'Failed to unblock dates', description: errorDescription(error, 'Please try again'), intent: 'danger' }),
  });
  const rangeBlocked = (result: BlockedRangeResult) => {
    setRangeOpen(false);
    // One toast at a time: bookings left alone are said in the same one.
    void toast({ title: 'Dates blocked successfully', description: rangeSummary(result), intent: 'success' });
  };
  const errors = form.formState.errors;
  const reason = form.register('reason');
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
            void toast({ title: 'Failed to block dates', description: errorDescription(error, 'Please try again'), intent: 'danger' })
          }
        />
      ) : null}
      {open ? (
        <Card className="blocked-dates-form" compact>
          <form noValidate aria-label="Block a date" onSubmit={form.handleSubmit((values) => block.mutate(values))}>
            <div className="blocked-dates-fields">
              <Field id="block-date" label="Date" error={errors.date?.message}>
                <Controller
                  control={form.control}
                  name="date"
                  render={({ field }) => (
                    <AdminDateInput
                      id="block-date"
                      value={field.value ?? ''}
                      minDate={clock.data?.today}
                      onChange={field.onChange}
                      invalid={Boolean(errors.date)}
                      describedBy={errors.date ? 'block-date-error' : undefined}
                    />
                  )}
                />
              </Field>
              <Field id="block-reason" label="Reason" error={errors.reason?.message}>
                <InputGroup
                  id="block-reason"
                  placeholder="Private event, holiday, maintenance…"
                  inputRef={reason.ref}
                  name={reason.name}
                  onChange={reason.onChange}
                  onBlur={reason.onBlur}
                  intent={errors.reason ? 'danger' : 'none'}
                  {...errorAria('block-reason', errors.reason)}
                />
              </Field>
            </div>
            <ErrorSummary formState={form.formState} />
            <div className="blocked-dates-actions">
              <Button onClick={close} disabled={block.isPending}>
                Cancel
              </Button>
              <BusyButton type="submit" intent="primary" busy={block.isPending} text="Block Date" />
            </div>
          </form>
        </Card>
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
  const n = result.cancelled.length;
  return n === 0
    ? `${days}.`
    : `${days}; ${n} ${n === 1 ? 'booking' : 'bookings'} cancelled and ${n === 1 ? 'its guest' : 'each guest'} e-mailed.`;
}
