import { NonIdealState, Spinner } from '@blueprintjs/core';
import { useClosedDays } from '../../../../lib/blocked-dates';
import { useBookingsView } from '../../api/get-bookings-view';
import { useBookings } from '../../api/get-bookings';
import { BookingTable } from './booking-table';
import { Loading, type PanelProps } from './panel-shared';

/** List View: from a week ago onward; the empty state says whether older reservations exist. */
export function ListPanel({ filters, onOpen, onDelete }: PanelProps) {
  const view = useBookingsView({ view: 'list', date: '', filters });
  const closed = useClosedDays();
  const empty = view.data?.entries.length === 0;
  const all = useBookings('reservation', empty);
  return (
    <Loading query={view}>
      {() =>
        empty ? (
          all.isPending ? (
            <Spinner aria-label="Loading reservations" />
          ) : (
            <NonIdealState
              title={all.data && all.data.length > 0 ? 'No recent reservations' : 'No reservations yet'}
              description={
                all.data && all.data.length > 0
                  ? 'Every reservation is older than a week.'
                  : 'New reservations appear here as they come in.'
              }
            />
          )
        ) : (
          <BookingTable
            label="Reservations from the last week onward"
            showDate
            entries={view.data!.entries}
            onEdit={onOpen}
            onDelete={onDelete}
            closed={closed}
          />
        )
      }
    </Loading>
  );
}
