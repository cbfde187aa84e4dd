import { Button } from '@blueprintjs/core';
import { formatTime12, slotsFor, WEEK_GRID_HOURS, type CalendarEntry } from '@cafe/contracts';
import { useEffect, useRef } from 'react';
import { scrollToSection } from '../../../../lib/scroll';
import { ClosedDayFlag } from '../../../../components/closed-day/closed-day-flag';
import type { ClosedDays } from '../../../../lib/blocked-dates';
import type { CalendarEvent } from '../../../../lib/calendar-events';
import { useOpeningHours } from '../../../../lib/business-info';
import type { Covers } from '../../api/covers';
import { fillClass } from '../covers/covers-strip';
import { BookingChip } from './booking-chip';
import { CalendarHeader } from './calendar-header';
import { coversText, DayList } from './day-list';
import { EventChip } from './event-chip';
import { ToneLegend } from './tone-legend';
import { format, groupByDate, hourOf, rangeTitle } from './calendar-dates';
import './week-view.css';

interface WeekViewProps {
  /** The seven days shown (Sunday first, or the rolling seven days from today). */
  days: string[];
  entries: CalendarEntry[];
  today: string;
  rolling: boolean;
  narrow: boolean;
  loading: boolean;
  /** Just chosen from the view switcher: scroll smoothly to the week header. */
  scrollOnShow: boolean;
  onMove: (days: number) => void;
  onToday: () => void;
  onRolling: () => void;
  onOpen: (entry: CalendarEntry) => void;
  /** The café's closed days (hours, holidays, blocked dates): their column is shaded and labelled, their kept bookings flagged. */
  closed: ClosedDays;
  /** Each day's events (game nights), shown beside the bookings at their hour. */
  events: ReadonlyMap<string, CalendarEvent[]>;
  /** People holding seats per hour and each day's covers (null while loading). */
  covers?: Covers | null;
}

const FIRST = WEEK_GRID_HOURS[0]!;
const LAST = WEEK_GRID_HOURS[WEEK_GRID_HOURS.length - 1]!;
/** Bookings outside 8 AM–10 PM still show, in the first or last row. */
const rowOf = (time: string) => Math.min(LAST, Math.max(FIRST, hourOf(time)));
const hourLabel = (h: number) => formatTime12(`${String(h).padStart(2, '0')}:00`).replace(':00', '');

/** Week View: hourly rows 8 AM to 10 PM, one column a day; a per-day list on phones. */
export function WeekView(props: WeekViewProps) {
  const { days, entries, today, rolling, narrow, loading, scrollOnShow, onMove, onToday, onRolling, onOpen } = props;
  useEffect(() => {
    if (scrollOnShow) scrollToSection('week-header', { focus: false });
  }, [scrollOnShow]);
  const byDate = groupByDate(entries);
  const { closed, covers, events } = props;
  const seatedAt = (d: string, h: number) => covers?.byDate.get(d)?.hours.find((x) => x.hour === h)?.seated;
  const dayClass = (d: string) => [d === today ? 'is-today' : '', closed.has(d) ? 'is-closed' : ''].join(' ').trim() || undefined;
  // The opening hours shade the hours no slot is offered in, as the forms offer them.
  const hours = useOpeningHours();
  const openHours = new Map(days.map((d) => [d, new Set(slotsFor(d, hours).map(hourOf))]));
  const cellClass = (d: string, h: number) =>
    [dayClass(d) ?? '', openHours.get(d)?.has(h) ? '' : 'is-off-hours'].join(' ').trim() || undefined;
  // The grid opens at the week's first booking, or at the café's first open hour (once per week shown).
  const firstOpen = Math.min(...days.flatMap((d) => [...(openHours.get(d) ?? [])]));
  const times = [...entries.map((e) => e.time), ...days.flatMap((d) => (events.get(d) ?? []).flatMap((e) => (e.time ? [e.time] : [])))];
  const firstBooking = times.length ? Math.min(...times.map(rowOf)) : undefined;
  const startHour = firstBooking ?? (Number.isFinite(firstOpen) ? firstOpen : FIRST);
  const wrap = useRef<HTMLDivElement>(null);
  const shownWeek = useRef('');
  useEffect(() => {
    const box = wrap.current;
    if (!box || loading || shownWeek.current === days[0]) return;
    shownWeek.current = days[0]!;
    const row = box.querySelector<HTMLElement>(`tbody tr[data-hour="${startHour}"]`);
    const head = box.querySelector('thead')?.getBoundingClientRect().height ?? 0;
    if (row) box.scrollTop = row.offsetTop - head;
  }, [days, loading, startHour]);
  const header = (
    <CalendarHeader
      id="week-header"
      title={rangeTitle(days[0]!, days[6]!)}
      unit="week"
      onPrevious={() => onMove(-7)}
      onToday={onToday}
      onNext={() => onMove(7)}
      loading={loading}
    >
      <Button active={rolling} onClick={onRolling} aria-pressed={rolling} title="Show the seven days starting today">
        7 days
      </Button>
    </CalendarHeader>
  );

  if (narrow) {
    return (
      <div className="week-view">
        {header}
        <ToneLegend />
        <DayList days={days} byDate={byDate} today={today} onOpen={onOpen} closed={closed} events={events} covers={covers} strips />
      </div>
    );
  }

  return (
    <div className="week-view">
      {header}
      <ToneLegend />
      <div className="week-grid-wrap" ref={wrap}>
        <table className="week-grid" aria-label={`Week of ${rangeTitle(days[0]!, days[6]!)}`}>
          <thead>
            <tr>
              <th scope="col" className="week-grid-corner">
                <span className="visually-hidden">Time</span>
              </th>
              {days.map((d) => (
                <th key={d} scope="col" className={dayClass(d)} data-date={d}>
                  <span className="week-day-name">{format(d, 'ccc')}</span>
                  <span className="week-day-num">{format(d, 'd')}</span>
                  {closed.has(d) ? <ClosedDayFlag reason={closed.get(d)!} short /> : null}
                  {covers?.byDate.get(d) ? <span className="week-day-covers">{coversText(covers.byDate.get(d)!.total)}</span> : null}
                  {(events.get(d) ?? [])
                    .filter((e) => !e.time)
                    .map((e) => (
                      <EventChip key={e.eventId} event={e} compact />
                    ))}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {WEEK_GRID_HOURS.map((h) => (
              <tr key={h} data-hour={h}>
                <th scope="row" className="week-hour">
                  {hourLabel(h)}
                </th>
                {days.map((d) => (
                  <td key={d} className={cellClass(d, h)} data-date={d} data-hour={h}>
                    {seatedAt(d, h) && covers ? (
                      <span
                        className={`covers-cell ${fillClass(seatedAt(d, h)!, covers.capacity)}`}
                        title={`${seatedAt(d, h)} of ${covers.capacity} seats taken`}
                      >
                        <span aria-hidden="true">
                          {seatedAt(d, h)}/{covers.capacity}
                        </span>
                        <span className="visually-hidden">
                          {seatedAt(d, h)} of {covers.capacity} seats taken
                        </span>
                      </span>
                    ) : null}
                    {(events.get(d) ?? [])
                      .filter((e) => e.time && rowOf(e.time) === h)
                      .map((e) => (
                        <EventChip key={e.eventId} event={e} compact />
                      ))}
                    {(byDate.get(d) ?? [])
                      .filter((e) => rowOf(e.time) === h)
                      .map((e) => (
                        <BookingChip key={`${e.kind}-${e.id}`} entry={e} onOpen={onOpen} compact closedReason={closed.get(d)} />
                      ))}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
