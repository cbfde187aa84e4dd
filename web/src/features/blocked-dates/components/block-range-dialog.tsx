import { Button, DialogBody, DialogFooter } from '@blueprintjs/core';
import { StaffDialog } from '../../../components/staff-dialog';
import { zodResolver } from '@hookform/resolvers/zod';
import { blockedRangeQuerySchema, blockedRangeSchema, type BlockedRangeInput, type BlockedRangeResult } from '@cafe/contracts';
import type { FormEvent } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { TextField } from '../../../components/form/form-fields';
import { ErrorSummary } from '../../../components/form/error-summary';
import { BusyButton } from '../../../components/busy-button';
import { useBlockRange } from '../api/block-range';
import { useClosureImpact } from '../api/get-range-impact';
import { ClosureDateField } from './closure-date-field';
import { cancelConfirmText, ClosureImpact, plural } from './closure-impact';

type Values = z.input<ReturnType<typeof blockedRangeSchema>>;
const empty: Partial<Values> = { from: '', to: '', reason: '' };

const PICK_RANGE = 'Choose the From and To dates to see the bookings in that range.';

interface BlockRangeDialogProps {
  isOpen: boolean;
  /** The café's today (the server's), the earliest day a range may start. */
  today: string;
  onClose: () => void;
  onBlocked: (result: BlockedRangeResult) => void;
  onError: (error: unknown) => void;
}

/**
 * Close a range of dates. Before confirming it lists the bookings the range holds (the impact preview)
 * and asks whether to keep them or cancel them with an e-mail to each guest.
 */
export function BlockRangeDialog({ isOpen, today, onClose, onBlocked, onError }: BlockRangeDialogProps) {
  const schema = blockedRangeSchema(today);
  const form = useForm<Values, unknown, BlockedRangeInput>({ resolver: zodResolver(schema), defaultValues: empty });
  const [from, to, choice] = useWatch({ control: form.control, name: ['from', 'to', 'bookings'] });
  const range = blockedRangeQuerySchema(today).safeParse({ from, to });
  const impact = useClosureImpact(range.success ? range.data : null);
  const { shown, count } = impact;
  const close = () => {
    form.reset(empty);
    onClose();
  };
  const block = useBlockRange({
    onSuccess: (result) => {
      form.reset(empty);
      onBlocked(result);
    },
    onError,
  });
  const submit = (e: FormEvent<HTMLFormElement>) => {
    // With nothing to keep or cancel there is nothing to choose.
    if (shown && count === 0) form.setValue('bookings', 'keep');
    return form.handleSubmit((values) => block.mutate(values))(e);
  };
  const days = shown?.days ?? 0;
  const confirmText = !shown ? 'Block dates' : (cancelConfirmText(impact, choice) ?? `Block ${plural(days, 'day')}`);

  return (
    <StaffDialog isOpen={isOpen} onClose={close} title="Block a date range" className="block-range-dialog">
      <form noValidate aria-label="Block a range of dates" onSubmit={submit}>
        <DialogBody>
          <div className="block-range-fields">
            <ClosureDateField form={form} name="from" id="range-from" label="From" today={today} />
            {/* Its picker starts at today, not at From: it would blank a To date that a later From passes; the form says why. */}
            <ClosureDateField form={form} name="to" id="range-to" label="To (inclusive)" today={today} />
            <div className="form-span">
              <TextField
                form={form}
                name="reason"
                id="range-reason"
                label="Reason"
                placeholder="Holiday break, renovation, private event…"
              />
            </div>
          </div>

          <ClosureImpact
            form={form}
            scope="range"
            name="range-bookings"
            hint={range.success ? null : from && to ? (range.error.issues[0]?.message ?? '') : PICK_RANGE}
            impact={impact}
          />
          <ErrorSummary formState={form.formState} />
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button text="Cancel" variant="minimal" onClick={close} />
              <BusyButton
                type="submit"
                intent={choice === 'cancel' && count > 0 ? 'danger' : 'primary'}
                busy={block.isPending || (range.success && !shown && !impact.query.isError)}
                text={confirmText}
              />
            </>
          }
        />
      </form>
    </StaffDialog>
  );
}
