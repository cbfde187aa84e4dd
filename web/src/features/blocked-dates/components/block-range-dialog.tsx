import { Button, Dialog, DialogBody, DialogFooter, InputGroup } from '@blueprintjs/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { blockedRangeQuerySchema, blockedRangeSchema, type BlockedRangeInput, type BlockedRangeResult } from '@cafe/contracts';
import type { FormEvent } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { errorAria, Field } from '../../../components/form/field';
import { ErrorSummary } from '../../../components/form/error-summary';
import { BusyButton } from '../../../components/busy-button';
import { AdminDateInput } from '../../booking-dialogs';
import { useBlockRange } from '../api/block-range';
import { useClosureImpact } from '../api/get-range-impact';
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
  const errors = form.formState.errors;
  const reason = form.register('reason');
  const days = shown?.days ?? 0;
  const confirmText = !shown ? 'Block dates' : (cancelConfirmText(impact, choice) ?? `Block ${plural(days, 'day')}`);

  return (
    <Dialog isOpen={isOpen} onClose={close} title="Block a date range" className="booking-dialog block-range-dialog">
      <form noValidate aria-label="Block a range of dates" onSubmit={submit}>
        <DialogBody>
          <div className="block-range-fields">
            <Field id="range-from" label="From" error={errors.from?.message}>
              <Controller
                control={form.control}
                name="from"
                render={({ field }) => (
                  <AdminDateInput
                    id="range-from"
                    value={field.value ?? ''}
                    minDate={today}
                    onChange={field.onChange}
                    invalid={Boolean(errors.from)}
                    describedBy={errors.from ? 'range-from-error' : undefined}
                  />
                )}
              />
            </Field>
            <Field id="range-to" label="To (inclusive)" error={errors.to?.message}>
              <Controller
                control={form.control}
                name="to"
                render={({ field }) => (
                  <AdminDateInput
                    id="range-to"
                    value={field.value ?? ''}
                    // Not `from`: the picker would blank a To date that a later From passes; the form says why instead.
                    minDate={today}
                    onChange={field.onChange}
                    invalid={Boolean(errors.to)}
                    describedBy={errors.to ? 'range-to-error' : undefined}
                  />
                )}
              />
            </Field>
            <Field id="range-reason" label="Reason" error={errors.reason?.message} className="form-span">
              <InputGroup
                id="range-reason"
                placeholder="Holiday break, renovation, private event…"
                inputRef={reason.ref}
                name={reason.name}
                onChange={reason.onChange}
                onBlur={reason.onBlur}
                intent={errors.reason ? 'danger' : 'none'}
                {...errorAria('range-reason', errors.reason)}
              />
            </Field>
          </div>

          <Controller
            control={form.control}
            name="bookings"
            render={({ field }) => (
              <ClosureImpact
                scope="range"
                name="range-bookings"
                hint={range.success ? null : from && to ? (range.error.issues[0]?.message ?? '') : PICK_RANGE}
                impact={impact}
                choice={field.value}
                onChoice={field.onChange}
                choiceError={errors.bookings?.message}
              />
            )}
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
    </Dialog>
  );
}
