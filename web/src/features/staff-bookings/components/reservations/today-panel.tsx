import { AnchorButton, NonIdealState } from '@blueprintjs/core';
import { ClosedDayFlag } from '../../../../components/closed-day/closed-day-flag';
import { useEventsOn } from '../../../../lib/calendar-events';
import { closedAmong, useDayClosures } from '../../../../lib/day-closures';
import { useArrivals } from '../../api/arrivals';
import { useBookingsView } from '../../api/get-bookings-view';
import { useCovers } from '../../api/covers';
import { useReservationGames } from '../../api/reservation-games';
import { RequestedGames } from '../shared/requested-games';
import { ArrivalControl } from '../arrivals/arrival-control';
import { WalkInButton } from '../arrivals/walk-in-button';
import { CoversStrip } from '../covers/covers-strip';
import { BookingTable } from './booking-table';
import { useDayTables, useFloorSeats } from '../../../../lib/day-tables';
import { format } from './calendar-dates';
import { EventChip } from './event-chip';
import { Loading, type PanelProps } from './panel-shared';
import './today-panel.css';

/**
 * Today's Reservations, under a heading that names the day (and says when the café is closed today):
 * walk-ins, the covers per hour, today's events with their sign-ups, and today's bookings with whether
 * their guests came.
 */
export function TodayPanel({ filters, onOpen, onDelete, today: cafeToday }: PanelProps & { today: string }) {
  const view = useBookingsView({ view: 'today', date: '', filters });
  const today = view.data?.today ?? cafeToday;
  const closed = closedAmong([today], useDayClosures());
  const events = useEventsOn([today]).get(today) ?? [];
  const arrivals = useArrivals(today);
  const covers = useCovers(today, today);
  const games = useReservationGames(today);
  const tables = useDayTables(today);
  // With a floor its tables' seats, not the capacity setting it replaced.
  const floorSeats = useFloorSeats(today);
  const day = covers?.byDate.get(today);
  return (
    <>
      <div className="today-heading">
        <h3 className="cal-title" id="today-heading">
          Today's Reservations — {format(today, 'cccc, LLLL d')}
        </h3>
        {closed.has(today) ? <ClosedDayFlag reason={closed.get(today)!} /> : null}
      </div>
      <div className="today-tools">
        <WalkInButton />
        {today && <AnchorButton icon="print" href={`/admin/day-sheet?date=${today}`} text="Print day sheet" />}
        {day && covers ? <CoversStrip day={day} capacity={floorSeats ?? covers.capacity} title="Today's covers by hour" /> : null}
      </div>
      {events.length ? (
        <ul className="today-events" aria-label="Today's events">
          {events.map((e) => (
            <li key={e.eventId}>
              <EventChip event={e} />
            </li>
          ))}
        </ul>
      ) : null}
      <Loading query={view}>
        {() =>
          view.data!.entries.length === 0 ? (
            events.length ? (
              <p className="day-list-empty">No reservations or parties today</p>
            ) : (
              <NonIdealState title="Nothing scheduled today" description="Reservations and approved parties for today show up here." />
            )
          ) : (
            <BookingTable
              label="Today's bookings"
              entries={view.data!.entries}
              onEdit={onOpen}
              onDelete={onDelete}
              closed={closed}
              tables={tables}
              arrival={(e) => {
                const known = arrivals.get(`${e.kind}:${e.id}`);
                return <ArrivalControl entry={e} status={known?.status ?? 'expected'} walkIn={known?.walkIn} today={today} />;
              }}
              games={(e) => (e.kind === 'reservation' ? <RequestedGames games={games.get(e.id)} /> : <span className="cell-muted">—</span>)}
            />
          )
        }
      </Loading>
    </>
  );
}
