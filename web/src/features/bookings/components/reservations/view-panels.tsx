import { Callout, NonIdealState, Spinner } from '@blueprintjs/core';
import { addDays, type CalendarEntry } from '@cafe/contracts';
import { useQueries } from '@tanstack/react-query';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { errorDescription } from '../../../../lib/api-client';
import { useClosedDays } from '../../../../lib/blocked-dates';
import { bookingsViewQueryOptions, useBookingsView, type ReservationFilters } from '../../api/get-bookings-view';
import { useBookings } from '../../api/get-bookings';
import { BookingTable } from './booking-table';
import { daysFrom, monthStart, shiftMonths, weekStart } from './calendar-dates';
import { MonthView } from './month-view';
import { WeekView } from './week-view';

export interface PanelProps {
  filters: ReservationFilters;
  narrow: boolean;
  onOpen: (entry: CalendarEntry) => void;
  onDelete: (entry: CalendarEntry) => void;
}

function Loading({ query, children }: { query: Pick<UseQueryResult, 'isPending' | 'isError' | 'error'>; children: () => ReactNode }) {
  if (query.isPending) return <Spinner className="view-spinner" aria-label="Loading bookings" />;
  if (query.isError) {
    return (
      <Callout intent="danger" role="alert" title="Could not load the bookings">
        {errorDescription(query.error, 'Please try again')}
      </Callout>
    );
  }
  return <>{children()}</>;
}

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
  const closed = useClosedDays();
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
        />
      )}
    </Loading>
  );
}

interface MonthPanelProps extends PanelProps {
  today: string;
  anchor: string;
  onAnchor: (anchor: string) => void;
}

/** Month View of the month holding `anchor`. */
export function MonthPanel({ filters, narrow, onOpen, today, anchor, onAnchor }: MonthPanelProps) {
  const view = useBookingsView({ view: 'month', date: monthStart(anchor), filters });
  const serverToday = view.data?.today ?? today;
  const closed = useClosedDays();
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
        />
      )}
    </Loading>
  );
}
