import { type CalendarEntry } from '@cafe/contracts';
import { ClosedDayFlag } from '../../../../components/closed-day/closed-day-flag';
import type { ClosedDays } from '../../../../lib/blocked-dates';
import type { CalendarEvent } from '../../../../lib/calendar-events';
import type { Covers } from '../../api/covers';
import { BookingChip } from './booking-chip';
import { CalendarHeader } from './calendar-header';
import { coversText, DayList } from './day-list';
import { EventChip } from './event-chip';
import { ToneLegend } from './tone-legend';
import { format, groupByDate, monthDays, monthWeeks } from './calendar-dates';

interface MonthViewProps {
  /** Any date in the month shown. */
  anchor: string;
  entries: CalendarEntry[];
  today: string;
  narrow: boolean;
  loading: boolean;
  onMove: (months: number) => void;
  onToday: () => void;
  onOpen: (entry: CalendarEntry) => void;
  /** The café's closed days (hours, holidays, blocked dates): their cell is shaded and labelled, their kept bookings flagged. */
  closed: ClosedDays;
  /** Each day's events (game nights), listed before its bookings. */
  events: ReadonlyMap<string, CalendarEvent[]>;
  /** Each day's covers (null while loading). */
  covers?: Covers | null;
}

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

/** Month View: a Sunday-first month grid, each day listing its bookings; a per-day list on phones. */
export function MonthView(props: MonthViewProps) {
  const { anchor, entries, today, narrow, loading, onMove, onToday, onOpen, closed, events, covers } = props;
  const byDate = groupByDate(entries);
  const header = (
    <CalendarHeader
      id="month-header"
      title={format(anchor, 'LLLL yyyy')}
      unit="month"
      onPrevious={() => onMove(-1)}
      onToday={onToday}
      onNext={() => onMove(1)}
      loading={loading}
    />
  );

  if (narrow) {
    // Days with bookings or events, and closed days (said even when empty).
    const busy = monthDays(anchor).filter((d) => (byDate.get(d) ?? []).length > 0 || events.has(d) || closed.has(d));
    return (
      <div className="month-view">
        {header}
        <ToneLegend />
        {busy.length === 0 ? (
          <p className="day-list-empty">No bookings this month</p>
        ) : (
          <DayList days={busy} byDate={byDate} today={today} onOpen={onOpen} closed={closed} events={events} covers={covers} />
        )}
      </div>
    );
  }

  return (
    <div className="month-view">
      {header}
      <ToneLegend />
      <table className="month-grid" aria-label={format(anchor, 'LLLL yyyy')}>
        <thead>
          <tr>
            {WEEKDAYS.map((w) => (
              <th key={w} scope="col">
                {w}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {monthWeeks(anchor).map((week, i) => (
            <tr key={i}>
              {week.map((d, j) =>
                d ? (
                  <td
                    key={d}
                    className={[d === today ? 'is-today' : '', closed.has(d) ? 'is-closed' : ''].join(' ').trim() || undefined}
                    data-date={d}
                  >
                    <span className="month-day-num" aria-label={format(d, 'cccc, LLLL d')}>
                      {format(d, 'd')}
                    </span>
                    {closed.has(d) ? <ClosedDayFlag reason={closed.get(d)!} short /> : null}
                    {covers?.byDate.get(d)?.total ? (
                      <span className="month-day-covers">{coversText(covers.byDate.get(d)!.total)}</span>
                    ) : null}
                    <div className="month-day-entries">
                      {(events.get(d) ?? []).map((e) => (
                        <EventChip key={e.eventId} event={e} compact />
                      ))}
                      {(byDate.get(d) ?? []).map((e) => (
                        <BookingChip
                          key={`${e.kind}-${e.id}`}
                          entry={e}
                          onOpen={onOpen}
                          compact
                          showSize={false}
                          closedReason={closed.get(d)}
                        />
                      ))}
                    </div>
                  </td>
                ) : (
                  <td key={`blank-${j}`} className="month-blank" />
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
