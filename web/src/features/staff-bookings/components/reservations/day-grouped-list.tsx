import { Button, Callout, Spinner } from '@blueprintjs/core';
import { formatLongDate, type CalendarEntry } from '@cafe/contracts';
import { useEffect, useRef } from 'react';
import { ClosedDayFlag } from '../../../../components/closed-day/closed-day-flag';
import type { ClosedDays } from '../../../../lib/blocked-dates';
import { BookingTable } from './booking-table';

interface DayGroupedListProps {
  entries: CalendarEntry[];
  today: string;
  closed: ClosedDays;
  onOpen: (entry: CalendarEntry) => void;
  onDelete: (entry: CalendarEntry) => void;
  /** More bookings follow the last one shown. */
  hasMore: boolean;
  loadingMore: boolean;
  loadMore: () => void;
  /** The first bookings were let go to keep the page small: the list no longer starts at its start. */
  trimmed: boolean;
  backToStart: () => void;
}

/** Consecutive entries of one date, in the order given (already sorted by date, then time). */
function byDay(entries: CalendarEntry[]): { date: string; entries: CalendarEntry[] }[] {
  const days: { date: string; entries: CalendarEntry[] }[] = [];
  for (const entry of entries) {
    const last = days[days.length - 1];
    if (last?.date === entry.date) last.entries.push(entry);
    else days.push({ date: entry.date, entries: [entry] });
  }
  return days;
}

/**
 * The List View's rows under one sticky heading per day. The next page loads as the end of the list
 * comes near (an IntersectionObserver on a sentinel below it), so a year of bookings is read a page
 * at a time and never all put on the page.
 */
export function DayGroupedList(props: DayGroupedListProps) {
  const { entries, today, closed, onOpen, onDelete, hasMore, loadingMore, loadMore, trimmed, backToStart } = props;
  const sentinel = useRef<HTMLDivElement>(null);
  // Made again after each page: a new observer reports at once whether the sentinel is still near
  // (short days, a tall screen), where the old one would wait for a change that never comes.
  useEffect(() => {
    const target = sentinel.current;
    if (!target || !hasMore || loadingMore) return;
    const observer = new IntersectionObserver((seen) => seen.some((s) => s.isIntersecting) && loadMore(), {
      rootMargin: '0px 0px 800px 0px',
    });
    observer.observe(target);
    return () => observer.disconnect();
  }, [entries.length, hasMore, loadingMore, loadMore]);

  return (
    <div className="day-grouped-list">
      {trimmed ? (
        <Callout className="list-trimmed" intent="primary" icon={null}>
          Earlier bookings are put away to keep the list quick.{' '}
          <Button size="small" variant="outlined" onClick={backToStart}>
            Back to the first bookings
          </Button>
        </Callout>
      ) : null}
      {byDay(entries).map(({ date, entries: rows }) => {
        const closedReason = closed.get(date);
        const headingId = `list-day-${date}`;
        return (
          <section key={date} className={`list-day${closedReason ? ' is-closed' : ''}`} data-date={date} aria-labelledby={headingId}>
            <h3 id={headingId} className="list-day-header">
              <span className="list-day-name">{formatLongDate(date)}</span>
              {date === today ? <span className="today-badge">Today</span> : null}
              {closedReason ? <ClosedDayFlag reason={closedReason} short /> : null}
            </h3>
            <BookingTable
              label={`Bookings on ${formatLongDate(date)}`}
              showDate
              entries={rows}
              onEdit={onOpen}
              onDelete={onDelete}
              closed={closed}
            />
          </section>
        );
      })}
      <div ref={sentinel} className="list-more" aria-live="polite">
        {loadingMore ? <Spinner size={20} aria-label="Loading more bookings" /> : null}
        {!hasMore && !loadingMore ? <p className="list-end">End of the list</p> : null}
        {hasMore && !loadingMore ? (
          <Button variant="minimal" onClick={loadMore}>
            Show more bookings
          </Button>
        ) : null}
      </div>
    </div>
  );
}
