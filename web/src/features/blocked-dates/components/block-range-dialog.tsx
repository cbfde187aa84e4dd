import { DialogBody } from '@blueprintjs/core';
import { StaffDialog } from '../../../components/staff-dialog';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  blockedRangeQuerySchema,
  blockedRangeSchema,
  CLOSURE_REASON_HINT,
  RANGE_CHOICE_MESSAGE,
  RANGE_PAST_MESSAGE,
  type BlockedRangeInput,
  type BlockedRangeResult,
} from '@cafe/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, type FormEvent } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { TextField } from '../../../components/form/form-fields';
import { ErrorSummary } from '../../../components/form/error-summary';
import { BusyButton } from '../../../components/busy-button';
import { DialogActions } from '../../../components/dialog-actions';
import { useBlockRange } from '../api/block-range';
import { rangeImpactQueryOptions, useClosureImpact } from '../api/get-range-impact';
import { ClosureDateField } from './closure-date-field';
import { cancelConfirmText, ClosureImpact, plural } from '../../../components/closure-preview/closure-impact';
import { FORM_VALIDATION } from '../../../components/form/form-validation';

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
  // The keep-or-cancel choice is asked for only once the preview (as cached) shows bookings: with none,
  // or none known yet, there is nothing to choose and no message about it may stand in the form. The submit
  // itself checks the preview of exactly the range it sends (below).
  const queryClient = useQueryClient();
  const holdsBookings = (from?: string, to?: string) =>
    Boolean(queryClient.getQueryData(rangeImpactQueryOptions(from ?? '', to ?? '').queryKey)?.bookings.length);
  const form = useForm<Values, unknown, BlockedRangeInput>({
    ...FORM_VALIDATION,
    resolver: (values, context, options) =>
      zodResolver(schema)(
        holdsBookings(values.from, values.to) ? values : { ...values, bookings: values.bookings ?? 'keep' },
        context,
        options,
      ),
    defaultValues: empty,
  });
  const [from, to, choice] = useWatch({ control: form.control, name: ['from', 'to', 'bookings'] });
  const range = blockedRangeQuerySchema(today).safeParse({ from, to });
  const impact = useClosureImpact(range.success ? range.data : null);
  const { shown, count } = impact;
  const staleChoiceError = Boolean(form.formState.errors.bookings) && !(shown && count > 0);
  useEffect(() => {
    if (staleChoiceError) form.clearErrors('bookings');
  }, [staleChoiceError, form]);
  // The range's own message (the To date before From) is said once: under its field once shown there.
  const rangeMessage = range.success ? null : from && to ? (range.error.issues[0]?.message ?? '') : PICK_RANGE;
  const fieldMessages = [form.formState.errors.from?.message, form.formState.errors.to?.message];
  const hint = rangeMessage && fieldMessages.includes(rangeMessage) ? '' : rangeMessage;
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
  // A range is never blocked on a preview still loading or failed (its bookings kept without asking): the
  // submit reads this range's preview first and asks for the choice when it holds bookings.
  const submit = (e: FormEvent<HTMLFormElement>) =>
    form.handleSubmit(async (values) => {
      const preview = await queryClient.fetchQuery(rangeImpactQueryOptions(values.from, values.to)).catch(() => null);
      if (!preview) return onError(new Error('The bookings in this range could not be checked. Please try again.'));
      if (preview.bookings.length > 0 && !form.getValues('bookings')) {
        form.setError('bookings', { message: RANGE_CHOICE_MESSAGE });
        return;
      }
      block.mutate(values);
    })(e);
  const days = shown?.days ?? 0;
  const confirmText = !shown ? 'Block dates' : (cancelConfirmText(impact, choice) ?? `Block ${plural(days, 'day')}`);

  return (
    <StaffDialog isOpen={isOpen} onClose={close} title="Block a date range" className="block-range-dialog">
      <form noValidate aria-label="Block a range of dates" onSubmit={submit}>
        <DialogBody>
          <div className="block-range-fields">
            <ClosureDateField
              form={form}
              name="from"
              id="range-from"
              label="From"
              today={today}
              deps={['to']}
              pastMessage={RANGE_PAST_MESSAGE}
            />
            {/* Its picker starts at today, not at From: it would blank a To date that a later From passes; the form says why. */}
            <ClosureDateField form={form} name="to" id="range-to" label="To (inclusive)" today={today} />
            <div className="form-span">
              <TextField
                form={form}
                name="reason"
                id="range-reason"
                label="Reason"
                placeholder="Holiday break, renovation, private event…"
                hint={CLOSURE_REASON_HINT}
              />
            </div>
          </div>

          <ClosureImpact form={form} scope="range" name="range-bookings" hint={hint} impact={impact} />
          <ErrorSummary formState={form.formState} />
        </DialogBody>
        <DialogActions onClose={close}>
          <BusyButton
            type="submit"
            intent={choice === 'cancel' && count > 0 ? 'danger' : 'primary'}
            busy={block.isPending || (range.success && !shown && !impact.query.isError)}
            text={confirmText}
          />
        </DialogActions>
      </form>
    </StaffDialog>
  );
}
