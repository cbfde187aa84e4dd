import { Button, Card } from '@blueprintjs/core';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  blockedDateSchema,
  blockedRangeQuerySchema,
  CLOSURE_REASON_HINT,
  DATE_CHOICE_MESSAGE,
  type BlockedDateInput,
  type BlockedDateResult,
} from '@cafe/contracts';
import { useQueryClient } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { BusyButton } from '../../../components/busy-button';
import { DIALOG_CLOSE_TEXT } from '../../../components/dialog-actions';
import { TextField } from '../../../components/form/form-fields';
import { ErrorSummary } from '../../../components/form/error-summary';
import { useBlockDate } from '../api/block-date';
import { rangeImpactQueryOptions, useClosureImpact } from '../api/get-range-impact';
import { ClosureDateField } from './closure-date-field';
import { cancelConfirmText, ClosureImpact } from '../../../components/closure-preview/closure-impact';
import { FORM_VALIDATION } from '../../../components/form/form-validation';

type Values = z.input<typeof blockedDateSchema>;
const empty: Values = { date: '', reason: '' };

/** The contract's schema; once the date holds bookings, the keep-or-cancel choice is required. */
const SCHEMAS = {
  open: blockedDateSchema,
  held: blockedDateSchema.extend({ bookings: z.enum(['keep', 'cancel'], { error: DATE_CHOICE_MESSAGE }) }),
};

interface BlockDateFormProps {
  /** The café's today (the server's): the picker starts there; undefined while it loads. */
  today: string | undefined;
  onClose: () => void;
  onBlocked: (result: BlockedDateResult) => void;
  onError: (error: unknown) => void;
}

/**
 * SPEC's inline Block Date form (Date and Reason). Once the date is chosen it shows the bookings that
 * day holds, as the range dialog does, and asks whether to keep them or to cancel them with an e-mail
 * to each guest; a day without bookings is still blocked with one click.
 */
export function BlockDateForm({ today, onClose, onBlocked, onError }: BlockDateFormProps) {
  const queryClient = useQueryClient();
  const form = useForm<Values, unknown, BlockedDateInput>({
    ...FORM_VALIDATION,
    defaultValues: empty,
    // A choice is asked for once the date's impact (read as the preview shows it) holds bookings.
    resolver: (values, context, options) => {
      const impact = queryClient.getQueryData(rangeImpactQueryOptions(values.date ?? '', values.date ?? '').queryKey);
      return zodResolver(impact?.bookings.length ? SCHEMAS.held : SCHEMAS.open)(values, context, options);
    },
  });
  const [date, choice] = useWatch({ control: form.control, name: ['date', 'bookings'] });
  const day = blockedRangeQuerySchema(today ?? null).safeParse({ from: date, to: date });
  const impact = useClosureImpact(day.success ? day.data : null);
  const { shown, count } = impact;
  const block = useBlockDate({
    onSuccess: (result) => {
      form.reset(empty);
      onBlocked(result);
    },
    onError,
  });
  const close = () => {
    form.reset(empty);
    onClose();
  };
  const submit = (e: FormEvent<HTMLFormElement>) =>
    form.handleSubmit(
      // Nothing to keep or cancel: SPEC's {date, reason}; the server keeps by default.
      (values) => block.mutate(count > 0 ? values : { date: values.date, reason: values.reason }),
    )(e);
  return (
    <Card className="blocked-dates-form" compact>
      <form noValidate aria-label="Block a date" onSubmit={submit}>
        <div className="blocked-dates-fields">
          <ClosureDateField form={form} name="date" id="block-date" label="Date" today={today} />
          <TextField
            form={form}
            name="reason"
            id="block-reason"
            label="Reason"
            placeholder="Private event, holiday, maintenance…"
            hint={CLOSURE_REASON_HINT}
          />
        </div>
        {day.success ? <ClosureImpact form={form} scope="date" name="block-date-bookings" hint={null} impact={impact} /> : null}
        <ErrorSummary formState={form.formState} />
        <div className="blocked-dates-actions">
          {/* The design system's one word for leaving without saving ('Cancel' reads as cancelling the bookings). */}
          <Button onClick={close} disabled={block.isPending} text={DIALOG_CLOSE_TEXT} />
          <BusyButton
            type="submit"
            intent={count > 0 && choice === 'cancel' ? 'danger' : 'primary'}
            busy={block.isPending || (day.success && !shown && !impact.query.isError)}
            text={cancelConfirmText(impact, choice) ?? 'Block Date'}
          />
        </div>
      </form>
    </Card>
  );
}
