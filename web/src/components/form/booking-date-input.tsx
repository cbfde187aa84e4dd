import { useMemo } from 'react';
import { lastBookableDate } from '@cafe/contracts';
import { localDate } from '../../lib/cafe-time';
import { useDayClosures } from '../../lib/day-closures';
import { CalendarDateInput } from './calendar-date-input';

interface BookingDateInputProps {
  id: string;
  /** 'yyyy-MM-dd' or '' */
  value: string;
  onChange: (value: string) => void;
  /** Earliest bookable date, 'yyyy-MM-dd' (today in the café's zone). */
  minDate: string;
  invalid?: boolean;
  describedBy?: string;
  /** A typed date before today or past the booking horizon: the form empties the field and says why. */
  onTypedOutOfRange?: (iso: string) => void;
}

/**
 * The public forms' date input: from today to the booking horizon (contracts' rule). The café's closed
 * days (blocked dates, closed holidays, weekdays it does not open) cannot be picked: each says why on
 * hover and on a tap, in the words the form would use. A closed date typed in is still taken, and the form says why.
 */
export function BookingDateInput({ minDate, ...input }: BookingDateInputProps) {
  const min = useMemo(() => localDate(minDate), [minDate]);
  const max = useMemo(() => localDate(lastBookableDate(minDate)), [minDate]);
  const closureOf = useDayClosures();
  const closedDays = useMemo(() => ({ reasonOf: (d: string) => closureOf(d)?.message ?? null, pickable: false }), [closureOf]);
  // The input's own props (id, value, onChange, invalid, describedBy, onTypedOutOfRange) pass through as they are.
  return (
    <CalendarDateInput
      {...input}
      minDate={min}
      maxDate={max}
      placeholder="MM/DD/YYYY"
      pickerProps={{ highlightCurrentDay: true }}
      closedDays={closedDays}
    />
  );
}
