import { useMemo } from 'react';
import { lastBookableDate } from '@cafe/contracts';
import { localDate } from '../../lib/cafe-time';
import { CalendarDateInput } from './calendar-date-input';
import './booking-date-input.css';

interface BookingDateInputProps {
  id: string;
  /** 'yyyy-MM-dd' or '' */
  value: string;
  onChange: (value: string) => void;
  /** Earliest bookable date, 'yyyy-MM-dd' (today in the café's zone). */
  minDate: string;
  /** Dates the picker marks as closed (they stay pickable so the visitor reads why). */
  closedDates?: string[];
  invalid?: boolean;
  describedBy?: string;
  /** A typed date before today or past the booking horizon: the form empties the field and says why. */
  onTypedOutOfRange?: (iso: string) => void;
}

/** The public forms' date input: from today to the booking horizon (contracts' rule), closed days marked. */
export function BookingDateInput(props: BookingDateInputProps) {
  const { id, value, onChange, minDate, closedDates = [], invalid, describedBy, onTypedOutOfRange } = props;
  const min = useMemo(() => localDate(minDate), [minDate]);
  const max = useMemo(() => localDate(lastBookableDate(minDate)), [minDate]);
  const closed = useMemo(() => closedDates.map(localDate), [closedDates]);
  return (
    <CalendarDateInput
      id={id}
      value={value}
      onChange={onChange}
      minDate={min}
      maxDate={max}
      placeholder="MM/DD/YYYY"
      invalid={invalid}
      describedBy={describedBy}
      onTypedOutOfRange={onTypedOutOfRange}
      pickerProps={{ highlightCurrentDay: true, dayPickerProps: { modifiers: { closed }, modifiersClassNames: { closed: 'day-closed' } } }}
    />
  );
}
