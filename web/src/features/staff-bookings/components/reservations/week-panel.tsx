import { addDays } from '@cafe/contracts';
import { useQueries } from '@tanstack/react-query';
import { useEventsOn } from '../../../../lib/calendar-events';
import { closedAmong, useDayClosures } from '../../../../lib/day-closures';
import { bookingsViewQueryOptions } from '../../api/get-bookings-view';
import { useCovers } from '../../api/covers';
import { daysFrom, weekStart } from './calendar-dates';
import { Loading, type PanelProps } from './panel-shared';
import { WeekView } from './week-view';

interface WeekPanelProps extends PanelProps {
  today: string;
  /** First day shown: a Sunday, or today for the rolling '7 days'. */
  start: string;
  rolling: boolean;
  scrollOnShow: boolean;
  onStart: (start: string, rolling: boolean) => void;
}

/** Week View. A rolling week can span two calendar weeks: both are asked for and merged. */
export function WeekPanel({ filters, narrow, onOpen, today, start, rolling, scrollOnShow, onStart }: WeekPanelProps) {
  const days = daysFrom(start, 7);
  const weeks = [...new Set([weekStart(days[0]!), weekStart(days[6]!)])];
  const queries = useQueries({ queries: weeks.map((w) => bookingsViewQueryOptions({ view: 'week', date: w, filters })) });
  const failed = queries.find((q) => q.isError);
  const pending = queries.some((q) => q.isPending);
  const seen = new Set<string>();
  const entries = queries
    .flatMap((q) => q.data?.entries ?? [])
    .filter((e) => e.date >= days[0]! && e.date <= days[6]! && !seen.has(`${e.kind}-${e.id}`) && seen.add(`${e.kind}-${e.id}`));
  const serverToday = queries[0]?.data?.today ?? today;
  const closed = closedAmong(days, useDayClosures());
  const events = useEventsOn(days);
  const covers = useCovers(days[0]!, days[6]!);
  return (
    <Loading query={{ isPending: pending, isError: Boolean(failed), error: failed?.error ?? null }}>
      {() => (
        <WeekView
          days={days}
          entries={entries}
          today={serverToday}
          rolling={rolling}
          narrow={narrow}
          loading={queries.some((q) => q.isFetching)}
          scrollOnShow={scrollOnShow}
          onMove={(n) => onStart(addDays(start, n), rolling)}
          onToday={() => onStart(rolling ? serverToday : weekStart(serverToday), rolling)}
          onRolling={() => onStart(rolling ? weekStart(serverToday) : serverToday, !rolling)}
          onOpen={onOpen}
          closed={closed}
          events={events}
          covers={covers}
        />
      )}
    </Loading>
  );
}
