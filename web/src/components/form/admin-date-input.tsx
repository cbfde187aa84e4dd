import { useMemo } from 'react';
import { CalendarDateInput } from './calendar-date-input';
import { localDate } from '../../lib/cafe-time';

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
}

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
}: AdminDateInputProps) {
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
      onTypedOutOfRange={(typed) => {
        if (minDate && typed < minDate && onPastDate) onPastDate();
        else if (value) onChange('');
      }}
    />
  );
}
