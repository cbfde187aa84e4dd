import { Callout, Radio, RadioGroup, Spinner } from '@blueprintjs/core';
import { formatLongDate, formatRange, type RangeBooking } from '@cafe/contracts';
import { Controller, type FieldPath, type FieldValues, type UseFormReturn } from 'react-hook-form';
import { errorDescription } from '../../../lib/api-client';
import type { BookingsChoice, ClosureImpactState } from '../api/get-range-impact';
import { RangeImpactList } from './range-impact-list';

export const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** Words of the preview: a range block speaks of "this range", the Block Date form of "this date". */
const WORDS = {
  range: { where: 'in this range', none: 'No bookings fall in this range.', list: 'Bookings in this range' },
  date: { where: 'on this date', none: 'No bookings on this date.', list: 'Bookings on this date' },
} as const;

/** The confirm button's text once the admin chose to cancel the bookings shown, else null. */
export const cancelConfirmText = ({ count }: ClosureImpactState, choice: BookingsChoice | undefined) =>
  count > 0 && choice === 'cancel' ? `Block and cancel ${plural(count, 'booking')}` : null;

/**
 * What became of the bookings on the days closed, for the block's toast ('2 bookings cancelled and each
 * guest e-mailed.'), or undefined when there were none.
 */
export function closureSummary(result: { cancelled?: RangeBooking[]; notCancelled?: RangeBooking[]; kept?: RangeBooking[] }) {
  const parts: string[] = [];
  const [cancelled, missed, kept] = [result.cancelled?.length ?? 0, result.notCancelled?.length ?? 0, result.kept?.length ?? 0];
  if (cancelled > 0) parts.push(`${plural(cancelled, 'booking')} cancelled and ${cancelled === 1 ? 'its guest' : 'each guest'} e-mailed`);
  if (missed > 0)
    parts.push(
      `${plural(missed, 'booking')} changed meanwhile and ${missed === 1 ? 'was' : 'were'} left as ${missed === 1 ? 'it is' : 'they are'}`,
    );
  if (kept > 0) parts.push(`${plural(kept, 'booking')} kept, flagged "Closed day" in the dashboard`);
  return parts.length > 0 ? `${parts.join('; ')}.` : undefined;
}

interface ClosureImpactProps<T extends FieldValues, TOut> {
  /** The closing form: its `bookings` field holds the choice. */
  form: UseFormReturn<T, unknown, TOut>;
  scope: keyof typeof WORDS;
  /** Why there is no preview yet (no valid date or range chosen; '' when a field says it), or null once there is one to show. */
  hint: string | null;
  impact: ClosureImpactState;
  /** Names the radio group and its error (two forms may be on the page). */
  name: string;
}

/**
 * The impact preview of closing days, shared by the range dialog and the Block Date form: the live
 * bookings on those days (reservations, pending and approved parties) and whether to keep them or to
 * cancel them with an e-mail to each guest, asked before the block is confirmed.
 */
export function ClosureImpact<T extends FieldValues, TOut>({ form, scope, hint, impact, name }: ClosureImpactProps<T, TOut>) {
  const { query, shown, count } = impact;
  const field = 'bookings' as FieldPath<T>;
  const choiceError = form.getFieldState(field, form.formState).error?.message;
  const words = WORDS[scope];
  return (
    <section className="range-impact" aria-label="Impact preview" aria-busy={query.isFetching || undefined}>
      {hint !== null ? (
        hint ? (
          <p className="range-impact-hint">{hint}</p>
        ) : null
      ) : query.isError ? (
        <Callout intent="danger" compact>
          {errorDescription(query.error, `Could not load the bookings ${words.where}`)}
        </Callout>
      ) : !shown ? (
        <Spinner size={20} aria-label={`Loading the bookings ${words.where}`} />
      ) : (
        <>
          {scope === 'range' ? (
            <h3 className="range-impact-title">
              {formatRange(shown.from, shown.to)} · {plural(shown.days, 'day')}
            </h3>
          ) : null}
          {shown.alreadyBlocked.length > 0 ? (
            <p className="range-impact-hint">
              {scope === 'range' ? 'Already closed, keeping their own block: ' : 'Already closed: '}
              {shown.alreadyBlocked.map((d) => `${formatLongDate(d.date)} (${d.reason})`).join('; ')}.
            </p>
          ) : null}
          {count === 0 ? (
            <Callout intent="success" compact>
              {words.none}
            </Callout>
          ) : (
            <>
              <Callout intent="warning" compact className="range-impact-warning">
                {plural(count, 'booking')} {scope === 'date' ? 'on this date' : count === 1 ? 'falls in this range' : 'fall in this range'}.
              </Callout>
              <RangeImpactList bookings={shown.bookings} label={words.list} />
              <Controller
                control={form.control}
                name={field}
                render={({ field: choice }) => (
                  <RadioGroup
                    className="range-impact-choice"
                    label="What should happen to them?"
                    name={name}
                    selectedValue={choice.value ?? ''}
                    onChange={(e) => choice.onChange(e.currentTarget.value)}
                  >
                    <Radio value="keep" label="Keep them: the guests still come on a closed day" />
                    <Radio value="cancel" label="Cancel them and e-mail each guest" />
                  </RadioGroup>
                )}
              />
              {choiceError ? (
                <p className="range-impact-error" id={`${name}-error`}>
                  {choiceError}
                </p>
              ) : null}
            </>
          )}
        </>
      )}
    </section>
  );
}
