import { DateInput3 } from '@blueprintjs/datetime2';
import '@blueprintjs/datetime/lib/css/blueprint-datetime.css';
import '@blueprintjs/datetime2/lib/css/blueprint-datetime2.css';
import enUS from 'date-fns/locale/en-US';
import { format, parse } from 'date-fns';
import { useMemo, useRef } from 'react';
import { isoOfLocalDate, localDate } from '../../lib/cafe-time';
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
}

const DISPLAY = 'MM/dd/yyyy';

/** Blueprint's date input, speaking calendar dates ('yyyy-MM-dd') rather than instants. */
export function BookingDateInput({ id, value, onChange, minDate, closedDates = [], invalid, describedBy }: BookingDateInputProps) {
  const min = useMemo(() => localDate(minDate), [minDate]);
  const max = useMemo(() => new Date(min.getFullYear() + 1, min.getMonth(), min.getDate()), [min]);
  const closed = useMemo(() => closedDates.map(localDate), [closedDates]);
  const escapeClosesPicker = useRef(false);
  return (
    // Escape closes the open calendar only, not a dialog around the form.
    <div
      // Read the calendar's state before the input's own handler closes it (and re-renders).
      onKeyDownCapture={(e) => {
        if (e.key !== 'Escape') return;
        const target = e.target as HTMLElement;
        // From the input: only while its calendar is open; from inside the (portalled) calendar: always.
        escapeClosesPicker.current = target.id !== id || target.getAttribute('aria-expanded') === 'true';
      }}
      onKeyDown={(e) => {
        if (e.key === 'Escape' && escapeClosesPicker.current) e.stopPropagation();
      }}
    >
      <DateInput3
        // date-fns 4's locale object has the shape Blueprint's date-fns 2 expects.
        locale={enUS}
        value={value ? `${value}T00:00:00` : null}
        onChange={(next) => onChange(next ? isoOfLocalDate(new Date(next)) : '')}
        formatDate={(date) => format(date, DISPLAY)}
        parseDate={(text) => {
          const parsed = parse(text, DISPLAY, new Date());
          return Number.isNaN(parsed.getTime()) ? null : parsed;
        }}
        placeholder="MM/DD/YYYY"
        minDate={min}
        maxDate={max}
        outOfRangeMessage="Please pick a date from today on"
        highlightCurrentDay
        fill
        showActionsBar={false}
        closeOnSelection
        popoverProps={{ placement: 'bottom-start' }}
        dayPickerProps={{ modifiers: { closed }, modifiersClassNames: { closed: 'day-closed' } }}
        inputProps={{
          id,
          intent: invalid ? 'danger' : 'none',
          'aria-invalid': invalid || undefined,
          'aria-describedby': describedBy,
          autoComplete: 'off',
        }}
      />
    </div>
  );
}
