import { DateInput3, type DateInput3Props } from '@blueprintjs/datetime2';
import '@blueprintjs/datetime/lib/css/blueprint-datetime.css';
import '@blueprintjs/datetime2/lib/css/blueprint-datetime2.css';
import enUS from 'date-fns/locale/en-US';
import { format, isValid, parse } from 'date-fns';
import type { FocusEvent } from 'react';
import { isoOfLocalDate } from '../../lib/cafe-time';

const DISPLAY = 'MM/dd/yyyy';

/** The date typed into the input ('MM/DD/YYYY') as 'yyyy-MM-dd', or null when it is not a date. */
export function typedDate(text: string): string | null {
  const typed = parse(text, DISPLAY, new Date());
  return isValid(typed) ? isoOfLocalDate(typed) : null;
}

interface CalendarDateInputProps {
  id: string;
  /** 'yyyy-MM-dd' or ''. */
  value: string;
  onChange: (value: string) => void;
  minDate: Date;
  maxDate: Date;
  placeholder: string;
  invalid?: boolean;
  describedBy?: string;
  /** The input lost the focus (read what was typed with typedDate). */
  onInputBlur?: (event: FocusEvent<HTMLInputElement>) => void;
  /** More of the picker's own props (day modifiers, today's highlight). */
  pickerProps?: Pick<DateInput3Props, 'highlightCurrentDay' | 'dayPickerProps'>;
}

/** Blueprint's date input, speaking calendar dates ('yyyy-MM-dd') rather than instants. */
export function CalendarDateInput(props: CalendarDateInputProps) {
  const { id, value, onChange, minDate, maxDate, placeholder, invalid, describedBy, onInputBlur, pickerProps } = props;
  return (
    // Escape closes the open calendar only, not a dialog around the form.
    <div
      // Read the calendar's state before the input's own handler closes it (and re-renders).
      onKeyDownCapture={(e) => {
        if (e.key !== 'Escape') return;
        const target = e.target as HTMLElement;
        if (target.id !== id) return;
        // Blueprint's own Escape on the field also blurs it, leaving the visitor nowhere: it never gets it.
        e.stopPropagation();
        // Close the calendar the way Blueprint's Shift+Tab does (this one, untrusted, moves no focus), even
        // when it looks closed: Blueprint's open state can outlive its popover, and would swallow the next Tab.
        const open = target.getAttribute('aria-expanded') === 'true';
        target.dispatchEvent(new KeyboardEvent('keydown', { key: 'Tab', code: 'Tab', shiftKey: true, bubbles: true }));
        // No calendar was showing: the Escape is for whatever is around the form (a dialog closes).
        if (!open) {
          e.currentTarget.parentElement?.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', code: 'Escape', bubbles: true }));
        }
      }}
      // An Escape from inside the (portalled) calendar closes the calendar, never a dialog around the form.
      onKeyDown={(e) => {
        if (e.key === 'Escape') e.stopPropagation();
      }}
      onBlurCapture={
        onInputBlur &&
        ((e) => {
          if ((e.target as HTMLElement).id === id) onInputBlur(e as FocusEvent<HTMLInputElement>);
        })
      }
    >
      <DateInput3
        // date-fns 4's locale object has the shape Blueprint's date-fns 2 expects.
        locale={enUS}
        value={value ? `${value}T00:00:00` : null}
        onChange={(next) => onChange(next ? isoOfLocalDate(new Date(next)) : '')}
        formatDate={(date) => format(date, DISPLAY)}
        parseDate={(text) => {
          const parsed = parse(text, DISPLAY, new Date());
          return isValid(parsed) ? parsed : null;
        }}
        placeholder={placeholder}
        minDate={minDate}
        maxDate={maxDate}
        outOfRangeMessage="Please pick a date from today on"
        {...pickerProps}
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
