import { useMemo } from 'react';
import { CalendarDateInput } from './calendar-date-input';
import { localDate } from '../../lib/cafe-time';
import { useDayClosures } from '../../lib/day-closures';
import { closedDayText } from '../../lib/blocked-dates';

interface AdminDateInputProps {
  id: string;
  /** 'yyyy-MM-dd' or ''. */
  value: string;
  onChange: (value: string) => void;
  /** The earliest pickable day (the server's today), or undefined for any date (filters, events). */
  minDate?: string;
  /** A typed date before minDate: the picker refuses it; the form empties the field and says why. */
  onPastDate?: () => void;
  invalid?: boolean;
  describedBy?: string;
  placeholder?: string;
  /**
   * A booking's date: the café's closed days are marked with why (hover), still pickable, since staff keep
   * or move a booking there on purpose; the form says why under the field once one is picked.
   */
  markClosed?: boolean;
}

const closureText = (reason: string | undefined) => (reason === undefined ? null : closedDayText(reason));

/** Blueprint's date input speaking calendar dates, for the staff's dialogs (min date from the server). */
export function AdminDateInput({
  id,
  value,
  onChange,
  minDate,
  onPastDate,
  invalid,
  describedBy,
  placeholder = 'MM/DD/YYYY',
  markClosed = false,
}: AdminDateInputProps) {
  const closureOf = useDayClosures();
  const closedDays = useMemo(
    () => (markClosed ? { reasonOf: (d: string) => closureText(closureOf(d)?.reason), pickable: true } : undefined),
    [markClosed, closureOf],
  );
  const min = useMemo(() => (minDate ? localDate(minDate) : new Date(2000, 0, 1)), [minDate]);
  // Three years on from today (the later of min and now: without a min, from 2000 it would end in 2003).
  const max = useMemo(() => new Date(Math.max(min.getFullYear(), new Date().getFullYear()) + 3, 11, 31), [min]);
  return (
    <CalendarDateInput
      id={id}
      value={value}
      onChange={onChange}
      minDate={min}
      maxDate={max}
      placeholder={placeholder}
      invalid={invalid}
      describedBy={describedBy}
      closedDays={closedDays}
      onTypedOutOfRange={(typed) => {
        if (minDate && typed < minDate && onPastDate) onPastDate();
        else if (value) onChange('');
      }}
    />
  );
}
