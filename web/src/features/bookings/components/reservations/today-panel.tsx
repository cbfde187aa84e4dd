import { NonIdealState } from '@blueprintjs/core';
import { useClosedDays } from '../../../../lib/blocked-dates';
import { useBookingsView } from '../../api/get-bookings-view';
import { BookingTable } from './booking-table';
import { Loading, type PanelProps } from './panel-shared';

/** Today's Reservations: today's table reservations and approved parties together. */
export function TodayPanel({ filters, onOpen, onDelete }: PanelProps) {
  const view = useBookingsView({ view: 'today', date: '', filters });
  const closed = useClosedDays();
  return (
    <Loading query={view}>
      {() =>
        view.data!.entries.length === 0 ? (
          <NonIdealState title="Nothing scheduled today" description="Reservations and approved parties for today show up here." />
        ) : (
          <BookingTable label="Today's bookings" entries={view.data!.entries} onEdit={onOpen} onDelete={onDelete} closed={closed} />
        )
      }
    </Loading>
  );
}
