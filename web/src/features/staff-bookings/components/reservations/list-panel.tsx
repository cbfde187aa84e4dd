import { NonIdealState, Spinner } from '@blueprintjs/core';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { closedAmong, useDayClosures } from '../../../../lib/day-closures';
import { bookingsListPagesOptions, useBookingsListPages } from '../../api/get-bookings-view';
import { useAnyReservation } from '../../api/get-bookings';
import { DayGroupedList } from './day-grouped-list';
import { Loading, type PanelProps } from './panel-shared';

/**
 * List View: from a week ago onward, a page at a time, grouped by day; the empty state says whether
 * older reservations exist.
 */
export function ListPanel({ filters, onOpen, onDelete }: PanelProps) {
  const pages = useBookingsListPages(filters);
  const queryClient = useQueryClient();
  const loaded = pages.data?.pages ?? [];
  const entries = loaded.flatMap((page) => page.entries);
  // A booking kept on any closed day is flagged: a blocked date, a closed holiday, a weekday the café does not open.
  const closed = closedAmong([...new Set(entries.map((e) => e.date))], useDayClosures());
  const empty = pages.isSuccess && entries.length === 0;
  const older = useAnyReservation(empty);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = pages;
  const loadMore = useCallback(() => void fetchNextPage(), [fetchNextPage]);
  const backToStart = useCallback(() => {
    void queryClient.resetQueries({ queryKey: bookingsListPagesOptions(filters).queryKey, exact: true });
    document.querySelector('.res-view')?.scrollIntoView({ block: 'start' });
  }, [queryClient, filters]);

  return (
    <Loading query={pages}>
      {() =>
        empty ? (
          older.isPending ? (
            <Spinner aria-label="Loading reservations" />
          ) : (
            <NonIdealState
              title={older.data ? 'No recent reservations' : 'No reservations yet'}
              description={older.data ? 'Every reservation is older than a week.' : 'New reservations appear here as they come in.'}
            />
          )
        ) : (
          <DayGroupedList
            entries={entries}
            today={loaded[0]?.today ?? ''}
            closed={closed}
            onOpen={onOpen}
            onDelete={onDelete}
            hasMore={hasNextPage}
            loadingMore={isFetchingNextPage}
            loadMore={loadMore}
            trimmed={(pages.data?.pageParams[0] ?? '') !== ''}
            backToStart={backToStart}
          />
        )
      }
    </Loading>
  );
}
