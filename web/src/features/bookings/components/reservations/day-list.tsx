import type { CalendarEntry } from '@cafe/contracts';
import { ClosedDayFlag } from '../../../../components/closed-day/closed-day-flag';
import type { ClosedDays } from '../../../../lib/blocked-dates';
import { BookingChip } from './booking-chip';
import { format } from './calendar-dates';

interface DayListProps {
  days: string[];
  byDate: Map<string, CalendarEntry[]>;
  today: string;
  onOpen: (entry: CalendarEntry) => void;
  closed: ClosedDays;
}

/** The calendars on phones: one heading per day (flagged when the café is closed), its bookings under it. */
export function DayList({ days, byDate, today, onOpen, closed }: DayListProps) {
  return (
    <ol className="day-list" aria-label="Bookings by day">
      {days.map((d) => {
        const list = byDate.get(d) ?? [];
        const closedReason = closed.get(d);
        return (
          <li key={d} className={`day-list-day${d === today ? ' is-today' : ''}${closedReason ? ' is-closed' : ''}`} data-date={d}>
            <h4>
              {format(d, 'cccc, LLLL d')}
              {d === today ? <span className="today-badge">Today</span> : null}
              {closedReason ? <ClosedDayFlag reason={closedReason} /> : null}
            </h4>
            {list.length === 0 ? (
              <p className="day-list-empty">No bookings</p>
            ) : (
              <div className="day-list-entries">
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
