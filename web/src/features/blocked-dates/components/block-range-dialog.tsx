import { Button, Callout, Dialog, DialogBody, DialogFooter, InputGroup, Radio, RadioGroup, Spinner } from '@blueprintjs/core';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  blockedRangeQuerySchema,
  blockedRangeSchema,
  formatLongDate,
  formatRange,
  type BlockedRangeInput,
  type BlockedRangeResult,
} from '@cafe/contracts';
import type { FormEvent } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { errorAria, Field } from '../../../components/form/field';
import { ErrorSummary } from '../../../components/form/error-summary';
import { BusyButton } from '../../../components/busy-button';
import { errorDescription } from '../../../lib/api-client';
import { AdminDateInput } from '../../booking-dialogs';
import { useBlockRange } from '../api/block-range';
import { useRangeImpact } from '../api/get-range-impact';
import { RangeImpactList } from './range-impact-list';

type Values = z.input<ReturnType<typeof blockedRangeSchema>>;
const empty: Partial<Values> = { from: '', to: '', reason: '' };

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

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
  const impact = useRangeImpact(range.success ? range.data : null);
  const shown =
    range.success && impact.data && impact.data.from === range.data.from && impact.data.to === range.data.to ? impact.data : null;
  const count = shown?.bookings.length ?? 0;
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
  const confirmText = !shown
    ? 'Block dates'
    : count > 0 && choice === 'cancel'
      ? `Block and cancel ${plural(count, 'booking')}`
      : `Block ${plural(days, 'day')}`;

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

          <section className="range-impact" aria-label="Impact preview" aria-busy={impact.isFetching || undefined}>
            {!range.success ? (
              <p className="range-impact-hint">
                {from && to ? range.error.issues[0]?.message : 'Choose the From and To dates to see the bookings in that range.'}
              </p>
            ) : impact.isError ? (
              <Callout intent="danger" compact>
                {errorDescription(impact.error, 'Could not load the bookings in this range')}
              </Callout>
            ) : !shown ? (
              <Spinner size={20} aria-label="Loading the bookings in this range" />
            ) : (
              <>
                <h3 className="range-impact-title">
                  {formatRange(shown.from, shown.to)} · {plural(shown.days, 'day')}
                </h3>
                {shown.alreadyBlocked.length > 0 ? (
                  <p className="range-impact-hint">
                    Already closed, keeping their own block:{' '}
                    {shown.alreadyBlocked.map((d) => `${formatLongDate(d.date)} (${d.reason})`).join('; ')}.
                  </p>
                ) : null}
                {count === 0 ? (
                  <Callout intent="success" compact>
                    No bookings fall in this range.
                  </Callout>
                ) : (
                  <>
                    <Callout intent="warning" compact className="range-impact-warning">
                      {plural(count, 'booking')} {count === 1 ? 'falls' : 'fall'} in this range.
                    </Callout>
                    <RangeImpactList bookings={shown.bookings} />
                    <Controller
                      control={form.control}
                      name="bookings"
                      render={({ field }) => (
                        <RadioGroup
                          className="range-impact-choice"
                          label="What should happen to them?"
                          name="range-bookings"
                          selectedValue={field.value ?? ''}
                          onChange={(e) => field.onChange(e.currentTarget.value)}
                        >
                          <Radio value="keep" label="Keep them: the guests still come on a closed day" />
                          <Radio value="cancel" label="Cancel them and e-mail each guest" />
                        </RadioGroup>
                      )}
                    />
                    {errors.bookings ? (
                      <p className="range-impact-error" id="range-bookings-error">
                        {errors.bookings.message}
                      </p>
                    ) : null}
                  </>
                )}
              </>
            )}
          </section>
          <ErrorSummary formState={form.formState} />
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button text="Cancel" variant="minimal" onClick={close} />
              <BusyButton
                type="submit"
                intent={choice === 'cancel' && count > 0 ? 'danger' : 'primary'}
                busy={block.isPending || (range.success && !shown && !impact.isError)}
                text={confirmText}
              />
            </>
          }
        />
      </form>
    </Dialog>
  );
}
