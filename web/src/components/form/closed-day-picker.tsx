import { createContext, useContext, useMemo, useState, type PointerEvent, type ReactNode, type TouchEvent } from 'react';
import type { DateInput3Props } from '@blueprintjs/datetime2';
import { isoOfLocalDate } from '../../lib/cafe-time';
import './closed-day-picker.css';

/** The closed days a date picker shows. */
export interface PickerClosedDays {
  /** Why the café is closed on a date (what the visitor reads on hover and on a tap), or null when it opens. */
  reasonOf: (date: string) => string | null;
  /**
   * Guests cannot pick a closed day: it is disabled. Staff can (a booking they keep there, or move there
   * on purpose): it is marked only, and the form says why once it is picked.
   */
  pickable: boolean;
}

const ClosedDaysContext = createContext<((date: string) => string | null) | null>(null);

/** A day of the calendar: its number, with why the café is closed in its tooltip and for a screen reader. */
function ClosedDayContent({ date }: { date: Date }) {
  const reasonOf = useContext(ClosedDaysContext);
  const iso = isoOfLocalDate(date);
  const reason = reasonOf?.(iso) ?? null;
  if (!reason) return <>{date.getDate()}</>;
  return (
    <span className="day-closed-content" title={reason} data-closed-date={iso}>
      {date.getDate()}
      <span className="visually-hidden">, closed</span>
    </span>
  );
}

/**
 * What a date input needs to show closed days: the picker's props (the days marked, disabled unless staff may
 * pick them), a footer under the calendar saying why the day just tapped is closed, the context its days read
 * their reasons from, and the handler that hears the tap (both follow the calendar into its popover: React
 * passes its events up through the portal). A disabled day's button takes no click, but its pointer events
 * still arrive.
 */
export function useClosedDayPicker(closed: PickerClosedDays | undefined, value: string) {
  // The day tapped, with the field's value then: a new date chosen (or typed) answers the question the tap asked.
  const [tap, setTap] = useState<{ date: string; value: string } | null>(null);
  const tapped = tap && tap.value === value ? tap.date : null;
  const reasonOf = closed?.reasonOf;
  const pickable = closed?.pickable ?? true;
  const dayPickerProps = useMemo<DateInput3Props['dayPickerProps']>(() => {
    if (!reasonOf) return undefined;
    const isClosed = (day: Date) => reasonOf(isoOfLocalDate(day)) !== null;
    return {
      modifiers: { closed: isClosed },
      modifiersClassNames: { closed: 'day-closed' },
      ...(pickable ? {} : { disabled: isClosed }),
      components: { DayContent: ClosedDayContent },
    };
  }, [reasonOf, pickable]);
  const why = tapped && reasonOf ? reasonOf(tapped) : null;
  const footerElement = why ? (
    <p className="day-closed-tapped" role="status">
      {why}
    </p>
  ) : undefined;
  const closedDayAt = (target: EventTarget) =>
    reasonOf && !pickable
      ? ((target as Element).closest('button[name="day"]')?.querySelector<HTMLElement>('[data-closed-date]')?.dataset.closedDate ?? null)
      : null;
  const onPointerUp = (e: PointerEvent) => {
    if (!reasonOf || pickable) return;
    const date = closedDayAt(e.target);
    setTap(date ? { date, value } : null);
  };
  // The reason showing moves the calendar: the click a phone makes after a tap would land on the day now
  // under the finger and pick it. A tap on a closed day makes no click.
  const onTouchEnd = (e: TouchEvent) => {
    if (closedDayAt(e.target)) e.preventDefault();
  };
  const provide = (children: ReactNode) =>
    reasonOf ? <ClosedDaysContext.Provider value={reasonOf}>{children}</ClosedDaysContext.Provider> : children;
  return { dayPickerProps, footerElement, provide, onPointerUp, onTouchEnd };
}
