import { NO_TIMES_LEFT_MESSAGE, closedByHoursMessage, formatTime12, slotsFor, type Availability, type OpeningHours } from '@cafe/contracts';
import { useOpeningHours } from '../../lib/business-info';
import { BookingDateInput } from '../form/booking-date-input';
import { FULLY_BOOKED_LABEL, TimeSelect, fullSlots } from '../form/time-select';
import { offeredSlots } from '../../lib/offered-slots';
import { Field } from '../form/field';
import './booking-fields.css';

export interface ScheduleFieldsProps {
  idPrefix: string;
  today: string;
  date: string;
  time: string;
  closedMessage: string | null;
  dateError?: string;
  timeError?: string;
  onDateChange: (date: string) => void;
  /** A typed date the picker cannot take (past, beyond the horizon): the form empties it and says why. */
  onTypedOutOfRange: (date: string) => void;
  onTimeChange: (time: string) => void;
  /** The date's availability (null while it loads): the times offered, none of today's already passed. */
  availability?: Availability | null;
  /** Seats left per slot of the date, and the party that must fit. */
  seatsLeft?: ReadonlyMap<string, number>;
  partySize?: number;
}

/** Full slots as ranges of consecutive times: '11:00 AM – 12:30 PM, 6:00 PM'. */
export function describeFull(date: string, full: string[], hours: OpeningHours): string {
  const slots = slotsFor(date, hours);
  const runs: string[][] = [];
  for (const slot of full) {
    const last = runs.at(-1);
    if (last && slots.indexOf(slot) === slots.indexOf(last.at(-1)!) + 1) last.push(slot);
    else runs.push([slot]);
  }
  return runs.map((run) => (run.length > 1 ? `${formatTime12(run[0]!)} – ${formatTime12(run.at(-1)!)}` : formatTime12(run[0]!))).join(', ');
}

/**
 * Date and time of a booking: picking a date resets the time; the time list follows the date's opening
 * hours, and a day the hours close (a weekday or holiday hours) says so like a blocked date: one message
 * under the date, the closed day's in place of any error.
 */
export function ScheduleFields(props: ScheduleFieldsProps) {
  const { idPrefix, today, date, time, dateError, onDateChange, onTimeChange } = props;
  // No time to pick before a date: the date's own message says what is missing, not a second one here.
  const timeError = date ? props.timeError : undefined;
  const hours = useOpeningHours();
  const closedMessage = props.closedMessage ?? (date ? closedByHoursMessage(date, hours) : null);
  const dateId = `${idPrefix}-date`;
  const timeId = `${idPrefix}-time`;
  const fullId = `${idPrefix}-full`;
  const full = fullSlots(date, props.seatsLeft, props.partySize, hours);
  const offered = offeredSlots(date, hours, today, props.availability);
  const allFull = full.length > 0 && full.length === offered.length;
  // Late today every time has passed: say so rather than show an empty list (a closed day has its own notice).
  const noneLeft =
    date === today && Boolean(props.availability) && offered.length === 0 && !closedMessage && slotsFor(date, hours).length > 0;
  return (
    <>
      <Field id={dateId} label="Date" error={closedMessage ? undefined : dateError} notice={closedMessage ?? undefined}>
        <BookingDateInput
          id={dateId}
          value={date}
          onChange={onDateChange}
          onTypedOutOfRange={props.onTypedOutOfRange}
          minDate={today}
          invalid={Boolean(closedMessage || dateError)}
          describedBy={closedMessage ? `${dateId}-notice` : dateError ? `${dateId}-error` : undefined}
        />
      </Field>
      <Field id={timeId} label="Time" error={timeError}>
        <TimeSelect
          id={timeId}
          date={date}
          value={time}
          onChange={onTimeChange}
          invalid={Boolean(timeError)}
          describedBy={[timeError ? `${timeId}-error` : '', full.length || noneLeft ? fullId : ''].filter(Boolean).join(' ') || undefined}
          today={today}
          availability={props.availability}
          seatsLeft={props.seatsLeft}
          partySize={props.partySize}
        />
        {full.length ? (
          <p id={fullId} className="full-slots">
            {allFull
              ? `${FULLY_BOOKED_LABEL} all day: please choose another date.`
              : `${FULLY_BOOKED_LABEL}: ${describeFull(date, full, hours)}`}
          </p>
        ) : noneLeft ? (
          <p id={fullId} className="full-slots">
            {NO_TIMES_LEFT_MESSAGE}
          </p>
        ) : null}
      </Field>
    </>
  );
}
