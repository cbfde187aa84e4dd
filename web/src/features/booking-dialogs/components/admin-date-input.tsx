import { DateInput3 } from '@blueprintjs/datetime2';
import '@blueprintjs/datetime/lib/css/blueprint-datetime.css';
import '@blueprintjs/datetime2/lib/css/blueprint-datetime2.css';
import enUS from 'date-fns/locale/en-US';
import { format, isValid, parse } from 'date-fns';
import { useMemo, useRef } from 'react';
import { isoOfLocalDate, localDate } from '../../../lib/cafe-time';

const DISPLAY = 'MM/dd/yyyy';

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
  const escapeClosesPicker = useRef(false);
  return (
    <div
      // Escape closes the open calendar only, not the dialog around it.
      onKeyDownCapture={(e) => {
        if (e.key !== 'Escape') return;
        const target = e.target as HTMLElement;
        escapeClosesPicker.current = target.id !== id || target.getAttribute('aria-expanded') === 'true';
      }}
      onKeyDown={(e) => {
        if (e.key === 'Escape' && escapeClosesPicker.current) e.stopPropagation();
      }}
      // The picker silently drops a typed day before minDate; tell the form so it can say why.
      onBlurCapture={(e) => {
        const target = e.target as HTMLInputElement;
        if (target.id !== id || !minDate || !onPastDate) return;
        const typed = parse(target.value, DISPLAY, new Date());
        if (isValid(typed) && isoOfLocalDate(typed) < minDate) onPastDate();
      }}
    >
      <DateInput3
        locale={enUS}
        value={value ? `${value}T00:00:00` : null}
        onChange={(next) => onChange(next ? isoOfLocalDate(new Date(next)) : '')}
        formatDate={(date) => format(date, DISPLAY)}
        parseDate={(text) => {
          const parsed = parse(text, DISPLAY, new Date());
          return isValid(parsed) ? parsed : null;
        }}
        placeholder={placeholder}
        minDate={min}
        maxDate={max}
        outOfRangeMessage="Please pick a date from today on"
        fill
        showActionsBar={false}
        closeOnSelection
        popoverProps={{ placement: 'bottom-start' }}
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
