import type { CalendarEntry } from '@cafe/contracts';
import { ClosedDayFlag } from '../../../../components/closed-day/closed-day-flag';
import type { ClosedDays } from '../../../../lib/blocked-dates';
import type { CalendarEvent } from '../../../../lib/calendar-events';
import type { Covers } from '../../api/covers';
import { CoversStrip } from '../covers/covers-strip';
import { BookingChip } from './booking-chip';
import { EventChip } from './event-chip';
import { format } from './calendar-dates';

interface DayListProps {
  days: string[];
  byDate: Map<string, CalendarEntry[]>;
  today: string;
  onOpen: (entry: CalendarEntry) => void;
  closed: ClosedDays;
  /** Each day's events (game nights), before its bookings. */
  events: ReadonlyMap<string, CalendarEvent[]>;
  /** Each day's covers in its heading; with `strips`, its seats per hour under it too (the week). */
  covers?: Covers | null;
  strips?: boolean;
}

/** The calendars on phones: one heading per day (flagged when the café is closed), its events and bookings under it. */
export function DayList({ days, byDate, today, onOpen, closed, events, covers, strips }: DayListProps) {
  return (
    <ol className="card-list" aria-label="Bookings by day">
      {days.map((d) => {
        const list = byDate.get(d) ?? [];
        const dayEvents = events.get(d) ?? [];
        const closedReason = closed.get(d);
        const dayCovers = covers?.byDate.get(d);
        return (
          <li key={d} className={`day-list-day${d === today ? ' is-today' : ''}${closedReason ? ' is-closed' : ''}`} data-date={d}>
            <h4>
              {format(d, 'cccc, LLLL d')}
              {d === today ? <span className="today-badge">Today</span> : null}
              {closedReason ? <ClosedDayFlag reason={closedReason} /> : null}
              {dayCovers && !(strips && dayCovers.total) ? <span className="day-covers">{coversText(dayCovers.total)}</span> : null}
            </h4>
            {dayCovers?.total && strips && covers ? (
              <CoversStrip day={dayCovers} capacity={covers.capacity} title={`Covers by hour, ${format(d, 'cccc')}`} />
            ) : null}
            {list.length === 0 && dayEvents.length === 0 ? (
              <p className="day-list-empty">No bookings</p>
            ) : (
              <div className="day-list-entries">
                {dayEvents.map((e) => (
                  <EventChip key={e.eventId} event={e} />
                ))}
                {list.map((e) => (
                  <BookingChip key={`${e.kind}-${e.id}`} entry={e} onOpen={onOpen} closedReason={closedReason} />
                ))}
              </div>
            )}
          </li>
        );
      })}
    </ol>
  );
}

export const coversText = (n: number) => `${n} ${n === 1 ? 'cover' : 'covers'}`;
