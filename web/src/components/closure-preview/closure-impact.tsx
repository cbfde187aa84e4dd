import { Callout, Radio, RadioGroup, Spinner } from '@blueprintjs/core';
import { formatLongDate, formatRange, type RangeBooking, type RangeImpact } from '@cafe/contracts';
import { Controller, type FieldPath, type FieldValues, type UseFormReturn } from 'react-hook-form';
import { errorDescription } from '../../lib/api-client';
import { OpenTablesImpact, RangeImpactList } from './range-impact-list';
import './closure-preview.css';

/** What becomes of the bookings on the days closed (or outside the new hours). */
export type BookingsChoice = 'keep' | 'cancel';

export interface ClosureImpactState {
  query: { isError: boolean; error: unknown; isFetching: boolean };
  /** The answer for the days chosen now (not the previous choice's, still shown while loading), or null. */
  shown: RangeImpact | null;
  /** Live bookings on those days. */
  count: number;
}

export const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/**
 * Words of the preview: a range block speaks of "this range", the Block Date form of "this date", a save of
 * Business Info of the days its hours close or shorten.
 */
const WORDS = {
  range: {
    where: 'in this range',
    none: 'No bookings fall in this range.',
    list: 'Bookings in this range',
    count: (n: number) => `${plural(n, 'booking')} ${n === 1 ? 'falls' : 'fall'} in this range.`,
    keep: 'Keep them: the guests still come on a closed day',
  },
  date: {
    where: 'on this date',
    none: 'No bookings on this date.',
    list: 'Bookings on this date',
    count: (n: number) => `${plural(n, 'booking')} on this date.`,
    keep: 'Keep them: the guests still come on a closed day',
  },
  hours: {
    where: 'on the days changed',
    none: 'No bookings are affected.',
    list: 'Bookings affected',
    count: (n: number) => `${plural(n, 'booking')} ${n === 1 ? 'falls' : 'fall'} on a day you close or outside the new hours.`,
    keep: 'Keep them: the guests still come as booked',
  },
} as const;

/** The confirm button's text once the admin chose to cancel the bookings shown, else null. */
export const cancelConfirmText = ({ count }: ClosureImpactState, choice: BookingsChoice | undefined) =>
  count > 0 && choice === 'cancel' ? `Block and cancel ${plural(count, 'booking')}` : null;

/**
 * What became of the bookings on the days closed, for the block's toast ('2 bookings cancelled and each
 * guest e-mailed.'), or undefined when there were none. `keptText`: what kept bookings are (on a closed
 * day, the dashboard flags them).
 */
export function closureSummary(
  result: { cancelled?: RangeBooking[]; notCancelled?: RangeBooking[]; kept?: RangeBooking[] },
  keptText = 'kept, flagged "Closed day" in the dashboard',
) {
  const parts: string[] = [];
  const [cancelled, missed, kept] = [result.cancelled?.length ?? 0, result.notCancelled?.length ?? 0, result.kept?.length ?? 0];
  // A guest booked by phone with no e-mail hears nothing from us: staff are told whom to call, never "e-mailed".
  const unreachable = (result.cancelled ?? []).filter((b) => !b.email.trim());
  const mailed = cancelled - unreachable.length;
  if (mailed > 0) parts.push(`${plural(mailed, 'booking')} cancelled and ${mailed === 1 ? 'its guest' : 'each guest'} e-mailed`);
  if (unreachable.length > 0)
    parts.push(
      `${plural(unreachable.length, 'booking')} cancelled with no e-mail to send: please call ${unreachable
        .map((b) => `${b.name} (${b.phone || 'no phone'})`)
        .join(', ')}`,
    );
  if (missed > 0)
    parts.push(
      `${plural(missed, 'booking')} changed meanwhile and ${missed === 1 ? 'was' : 'were'} left as ${missed === 1 ? 'it is' : 'they are'}`,
    );
  if (kept > 0) parts.push(`${plural(kept, 'booking')} ${keptText}`);
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
  /** Lists the bookings in groups under these headings ('On Thursday, December 24 (closed)'), in their order; one list without. */
  groupOf?: (booking: RangeBooking) => string;
}

/**
 * The impact preview of closing days, shared by the range dialog, the Block Date form and the Business
 * Info save: the live bookings on those days (reservations, pending and approved parties, game-night
 * sign-ups) and whether to keep them or to cancel them with an e-mail to each guest, asked before the
 * block (or the save) is confirmed.
 */
export function ClosureImpact<T extends FieldValues, TOut>({ form, scope, hint, impact, name, groupOf }: ClosureImpactProps<T, TOut>) {
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
                {words.count(count)}
              </Callout>
              {groupOf ? (
                groupsOf(shown.bookings, groupOf).map(([heading, bookings]) => (
                  <div key={heading}>
                    <h4 className="range-impact-group">{heading}</h4>
                    <RangeImpactList bookings={bookings} label={heading} />
                  </div>
                ))
              ) : (
                <RangeImpactList bookings={shown.bookings} label={words.list} />
              )}
              <OpenTablesImpact tables={shown.openTables} />
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
                    <Radio value="keep" label={words.keep} />
                    <Radio value="cancel" label="Cancel them and e-mail each guest" />
                  </RadioGroup>
                )}
              />
              {shown.bookings.some((b) => !b.email.trim()) ? (
                <p className="range-impact-note">
                  Guests marked “no e-mail” are not told by e-mail: call them if you cancel their booking.
                </p>
              ) : null}
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

/** The bookings under each heading, headings in the order their first booking comes. */
function groupsOf(bookings: RangeBooking[], groupOf: (booking: RangeBooking) => string): [string, RangeBooking[]][] {
  const groups = new Map<string, RangeBooking[]>();
  for (const b of bookings) groups.set(groupOf(b), [...(groups.get(groupOf(b)) ?? []), b]);
  return [...groups];
}
