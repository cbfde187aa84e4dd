import { Callout } from '@blueprintjs/core';
import { BookingDateInput } from '../../../components/form/booking-date-input';
import { TimeSelect } from './time-select';
import { Field } from '../../../components/form/field';
import '../booking-form.css';

export interface ScheduleFieldsProps {
  idPrefix: string;
  today: string;
  date: string;
  time: string;
  closedDates: string[];
  closedMessage: string | null;
  dateError?: string;
  timeError?: string;
  onDateChange: (date: string) => void;
  onTimeChange: (time: string) => void;
}

/** Date and time of a booking: picking a date resets the time; the time list follows the date's weekday. */
export function ScheduleFields(props: ScheduleFieldsProps) {
  const { idPrefix, today, date, time, closedDates, closedMessage, dateError, timeError, onDateChange, onTimeChange } = props;
  const dateId = `${idPrefix}-date`;
  const timeId = `${idPrefix}-time`;
  return (
    <>
      <Field id={dateId} label="Date" error={dateError}>
        <BookingDateInput
          id={dateId}
          value={date}
          onChange={onDateChange}
          minDate={today}
          closedDates={closedDates}
          invalid={Boolean(dateError)}
          describedBy={dateError ? `${dateId}-error` : closedMessage ? `${idPrefix}-closed` : undefined}
        />
      </Field>
      <Field id={timeId} label="Time" error={timeError}>
        <TimeSelect
          id={timeId}
          date={date}
          value={time}
          onChange={onTimeChange}
          invalid={Boolean(timeError)}
          describedBy={timeError ? `${timeId}-error` : undefined}
        />
      </Field>
      {closedMessage ? (
        <Callout id={`${idPrefix}-closed`} className="form-span closed-callout" intent="warning" role="alert" compact>
          {closedMessage}
        </Callout>
      ) : null}
    </>
  );
}
