import { AnchorButton, NonIdealState } from '@blueprintjs/core';
import { useClosedDays } from '../../../../lib/blocked-dates';
import { useArrivals } from '../../api/arrivals';
import { useBookingsView } from '../../api/get-bookings-view';
import { useCovers } from '../../api/covers';
import { useReservationGames } from '../../api/reservation-games';
import { RequestedGames } from './requested-games';
import { ArrivalControl } from '../arrivals/arrival-control';
import { WalkInButton } from '../arrivals/walk-in-button';
import { CoversStrip } from '../covers/covers-strip';
import { BookingTable } from './booking-table';
import { Loading, type PanelProps } from './panel-shared';

/** Today's Reservations: walk-ins, the covers per hour, and today's bookings with whether their guests came. */
export function TodayPanel({ filters, onOpen, onDelete }: PanelProps) {
  const view = useBookingsView({ view: 'today', date: '', filters });
  const closed = useClosedDays();
  const today = view.data?.today ?? '';
  const arrivals = useArrivals(today);
  const covers = useCovers(today, today);
  const games = useReservationGames(today);
  const day = covers?.byDate.get(today);
  return (
    <>
      <div className="today-tools">
        <WalkInButton />
        {today && <AnchorButton icon="print" href={`/admin/day-sheet?date=${today}`} text="Print day sheet" />}
        {day && covers ? <CoversStrip day={day} capacity={covers.capacity} title="Today's covers by hour" /> : null}
      </div>
      <Loading query={view}>
        {() =>
          view.data!.entries.length === 0 ? (
            <NonIdealState title="Nothing scheduled today" description="Reservations and approved parties for today show up here." />
          ) : (
            <BookingTable
              label="Today's bookings"
              entries={view.data!.entries}
              onEdit={onOpen}
              onDelete={onDelete}
              closed={closed}
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
