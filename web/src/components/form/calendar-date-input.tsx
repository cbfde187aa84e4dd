import { DateInput3, type DateInput3Props } from '@blueprintjs/datetime2';
import '@blueprintjs/datetime/lib/css/blueprint-datetime.css';
import '@blueprintjs/datetime2/lib/css/blueprint-datetime2.css';
import { DATE_FROM_TODAY_MESSAGE } from '@cafe/contracts';
import enUS from 'date-fns/locale/en-US';
import { format, isValid, parse } from 'date-fns';
import type { KeyboardEvent } from 'react';
import { calendarDateOfPick, isoOfLocalDate, pickerValueOf } from '../../lib/cafe-time';
import { useClosedDayPicker, type PickerClosedDays } from './closed-day-picker';

const DISPLAY = 'MM/dd/yyyy';

/** The date typed into the input ('MM/DD/YYYY') as 'yyyy-MM-dd', or null when it is not a date. */
export function typedDate(text: string): string | null {
  const typed = parse(text.trim(), DISPLAY, new Date());
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
  /**
   * A date outside min…max was typed and committed (Enter or leaving the field). Without this handler the
   * field is emptied; with it, the form empties it and says why (its contract's message).
   */
  onTypedOutOfRange?: (iso: string) => void;
  /** More of the picker's own props (today's highlight). */
  pickerProps?: Pick<DateInput3Props, 'highlightCurrentDay'>;
  /** The café's closed days: marked with why (disabled unless staff may pick them). */
  closedDays?: PickerClosedDays;
}

/** Closes Blueprint's calendar the way its own Shift+Tab does (untrusted, so it moves no focus). */
const closeCalendar = (input: HTMLElement) =>
  input.dispatchEvent(new KeyboardEvent('keydown', { key: 'Tab', code: 'Tab', shiftKey: true, bubbles: true }));

/**
 * Blueprint's date input, speaking calendar dates ('yyyy-MM-dd') rather than instants. Enter picks the
 * typed date and closes the calendar; it never submits the form around it. A typed date the picker
 * cannot take (before min, after max) never leaves the previous date standing behind it.
 */
export function CalendarDateInput(props: CalendarDateInputProps) {
  const { id, value, onChange, minDate, maxDate, placeholder, invalid, describedBy, onTypedOutOfRange, pickerProps } = props;
  const [min, max] = [isoOfLocalDate(minDate), isoOfLocalDate(maxDate)];
  const closed = useClosedDayPicker(props.closedDays, value);

  /** What was typed, committed: an out-of-range date empties the field; returns the date when it fits. */
  const commit = (text: string): string | null => {
    const typed = typedDate(text);
    if (!typed) return null;
    // A stored date outside the range (a past booking being edited) stays as it is.
    if (typed === value || (typed >= min && typed <= max)) return typed;
    if (onTypedOutOfRange) onTypedOutOfRange(typed);
    else if (value) onChange('');
    return null;
  };

  const onKeyDownCapture = (e: KeyboardEvent<HTMLDivElement>) => {
    const target = e.target as HTMLInputElement;
    if (target.id !== id) return;
    if (e.key === 'Enter') {
      // The form around never sees this Enter (no submit), nor does Blueprint's own handler, which would
      // take a date outside min…max.
      e.preventDefault();
      e.stopPropagation();
      const text = target.value;
      if (text.trim() === '') {
        if (value) onChange('');
      } else {
        const typed = commit(text);
        if (typed && typed !== value) onChange(typed);
      }
      closeCalendar(target);
      return;
    }
    if (e.key !== 'Escape') return;
    // Read the calendar's state before the input's own handler closes it (and re-renders).
    // Blueprint's own Escape on the field also blurs it, leaving the visitor nowhere: it never gets it.
    e.stopPropagation();
    // Close the calendar even when it looks closed: Blueprint's open state can outlive its popover, and
    // would swallow the next Tab.
    const open = target.getAttribute('aria-expanded') === 'true';
    closeCalendar(target);
    // No calendar was showing: the Escape is for whatever is around the form (a dialog closes).
    if (!open) {
      e.currentTarget.parentElement?.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', code: 'Escape', bubbles: true }));
    }
  };

  return closed.provide(
    <div
      onKeyDownCapture={onKeyDownCapture}
      // A tap on a day the calendar disables says why under it.
      onPointerUp={closed.onPointerUp}
      onTouchEnd={closed.onTouchEnd}
      // An Escape from inside the (portalled) calendar closes the calendar, never a dialog around the form.
      onKeyDown={(e) => {
        if (e.key === 'Escape') e.stopPropagation();
      }}
      // Blueprint opens the calendar on focus only: a click on the field that still has the focus after Enter
      // or Escape closed the calendar would show nothing. Focus it afresh so the click opens it, but only while
      // the field shows the date as chosen (or nothing): a blur would commit, or clear, a date being typed.
      onClickCapture={(e) => {
        const target = e.target as HTMLInputElement;
        if (target.id !== id || document.activeElement !== target || target.getAttribute('aria-expanded') === 'true') return;
        if (target.value.trim() !== '' && typedDate(target.value) !== value) return;
        target.blur();
        target.focus();
      }}
      onBlurCapture={(e) => {
        const target = e.target as HTMLInputElement;
        if (target.id === id) commit(target.value);
      }}
    >
      <DateInput3
        // date-fns 4's locale object has the shape Blueprint's date-fns 2 expects.
        locale={enUS}
        value={value ? pickerValueOf(value) : null}
        // The day picked, never an instant: `new Date('2026-12-15')` is the 14th's evening in Chicago.
        onChange={(next) => onChange((next && calendarDateOfPick(next)) ?? '')}
        formatDate={(date) => format(date, DISPLAY)}
        parseDate={(text) => {
          const parsed = parse(text, DISPLAY, new Date());
          return isValid(parsed) ? parsed : null;
        }}
        placeholder={placeholder}
        minDate={minDate}
        maxDate={maxDate}
        outOfRangeMessage={DATE_FROM_TODAY_MESSAGE}
        {...pickerProps}
        // A typed closed day is still taken (the form says why, as for a tap): only the calendar disables it.
        dayPickerProps={closed.dayPickerProps}
        footerElement={closed.footerElement}
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
    </div>,
  );
}
