import { Button, Card, InputGroup } from '@blueprintjs/core';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  blockedDateSchema,
  blockedRangeQuerySchema,
  DATE_CHOICE_MESSAGE,
  type BlockedDateInput,
  type BlockedDateResult,
} from '@cafe/contracts';
import { useQueryClient } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { BusyButton } from '../../../components/busy-button';
import { errorAria, Field } from '../../../components/form/field';
import { ErrorSummary } from '../../../components/form/error-summary';
import { AdminDateInput } from '../../booking-dialogs';
import { useBlockDate } from '../api/block-date';
import { rangeImpactQueryOptions, useClosureImpact } from '../api/get-range-impact';
import { cancelConfirmText, ClosureImpact } from './closure-impact';

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
  const errors = form.formState.errors;
  const reason = form.register('reason');
  return (
    <Card className="blocked-dates-form" compact>
      <form noValidate aria-label="Block a date" onSubmit={submit}>
        <div className="blocked-dates-fields">
          <Field id="block-date" label="Date" error={errors.date?.message}>
            <Controller
              control={form.control}
              name="date"
              render={({ field }) => (
                <AdminDateInput
                  id="block-date"
                  value={field.value ?? ''}
                  minDate={today}
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
        {day.success ? (
          <Controller
            control={form.control}
            name="bookings"
            render={({ field }) => (
              <ClosureImpact
                scope="date"
                name="block-date-bookings"
                hint={null}
                impact={impact}
                choice={field.value}
                onChoice={field.onChange}
                choiceError={errors.bookings?.message}
              />
            )}
          />
        ) : null}
        <ErrorSummary formState={form.formState} />
        <div className="blocked-dates-actions">
          <Button onClick={close} disabled={block.isPending}>
            Cancel
          </Button>
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
