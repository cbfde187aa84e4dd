import { useEventsOn } from '../../../../lib/calendar-events';
import { closedAmong, useDayClosures } from '../../../../lib/day-closures';
import { useBookingsView } from '../../api/get-bookings-view';
import { useCovers } from '../../api/covers';
import { monthDays, monthStart, shiftMonths } from './calendar-dates';
import { MonthView } from './month-view';
import { Loading, type PanelProps } from './panel-shared';

interface MonthPanelProps extends PanelProps {
  today: string;
  anchor: string;
  onAnchor: (anchor: string) => void;
}

/** Month View of the month holding `anchor`. */
export function MonthPanel({ filters, narrow, onOpen, today, anchor, onAnchor }: MonthPanelProps) {
  const view = useBookingsView({ view: 'month', date: monthStart(anchor), filters });
  const serverToday = view.data?.today ?? today;
  const days = monthDays(anchor);
  const closed = closedAmong(days, useDayClosures());
  const events = useEventsOn(days);
  const covers = useCovers(days[0]!, days[days.length - 1]!);
  return (
    <Loading query={view}>
      {() => (
        <MonthView
          anchor={anchor}
          entries={view.data!.entries}
          today={serverToday}
          narrow={narrow}
          loading={view.isFetching}
          onMove={(n) => onAnchor(shiftMonths(anchor, n))}
          onToday={() => onAnchor(serverToday)}
          onOpen={onOpen}
          closed={closed}
          events={events}
          covers={covers}
        />
      )}
    </Loading>
  );
}
