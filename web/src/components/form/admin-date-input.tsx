import { useMemo } from 'react';
import { CalendarDateInput, typedDate } from './calendar-date-input';
import { localDate } from '../../lib/cafe-time';

interface AdminDateInputProps {
  id: string;
  /** 'yyyy-MM-dd' or ''. */
  value: string;
  onChange: (value: string) => void;
  /** The earliest pickable day (the server's today), or undefined for any date (filters). */
  minDate?: string;
  /** A typed date before minDate: the picker refuses it; the form says why. */
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
  const max = useMemo(() => new Date(min.getFullYear() + 3, 11, 31), [min]);
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
      // The picker silently drops a typed day before minDate; tell the form so it can say why.
      onInputBlur={(e) => {
        if (!minDate || !onPastDate) return;
        const typed = typedDate(e.target.value);
        if (typed && typed < minDate) onPastDate();
      }}
    />
  );
}
