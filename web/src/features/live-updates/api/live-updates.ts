import { useEffect, useRef, useState } from 'react';
import { useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { LIVE_CHANGE_EVENT, LIVE_UPDATES_PATH, liveNoticeSchema, type LiveChangeKind, type LiveNotice } from '@cafe/contracts/live-updates';
import { bookingKeys } from '../../../lib/booking-query-keys';

export type LiveState = 'connecting' | 'live' | 'reconnecting';

/** The queries that show each kind of booking: every open list, calendar, history and record of it. */
const QUERIES: Record<LiveChangeKind, QueryKey[]> = {
  reservation: [bookingKeys.views, bookingKeys.reservations, ['admin', 'history', 'reservation'], ['admin', 'record', 'reservation']],
  party: [bookingKeys.views, bookingKeys.parties, ['admin', 'history', 'party'], ['admin', 'record', 'party']],
  'blocked-date': [bookingKeys.blockedDates, bookingKeys.views],
  // The evening waitlist and the door queue are keyed under the views.
  waitlist: [bookingKeys.views],
};

/** Refetches the lists on screen that show these kinds (the others only go stale, fetched when opened). */
export async function refetchKinds(queryClient: QueryClient, kinds: Iterable<LiveChangeKind>): Promise<void> {
  const keys = new Map<string, QueryKey>();
  for (const kind of kinds) for (const key of QUERIES[kind]) keys.set(JSON.stringify(key), key);
  await Promise.all([...keys.values()].map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}

const ALL_KINDS = Object.keys(QUERIES) as LiveChangeKind[];
/** After the browser gave up (an error answer such as 503 while the server restarts): try again, slower each time. */
const REOPEN_MS = (attempt: number) => Math.min(60_000, 3_000 * 2 ** attempt);

/**
 * GET /api/admin/live-updates as an EventSource while the component using it is mounted: every
 * notice refetches the lists it names; after a reconnect everything is refetched, since notices sent
 * while away are not replayed. No polling: the server pushes.
 */
export function useLiveUpdates(onNotice: (notice: LiveNotice) => void): LiveState {
  const queryClient = useQueryClient();
  const [state, setState] = useState<LiveState>('connecting');
  // The latest callback, without reopening the stream when the caller renders again.
  const onNoticeRef = useRef(onNotice);
  useEffect(() => {
    onNoticeRef.current = onNotice;
  }, [onNotice]);
  useEffect(() => {
    let source: EventSource | null = null;
    let reopen: ReturnType<typeof setTimeout> | undefined;
    let attempts = 0;
    let wasOpen = false;
    const connect = () => {
      source = new EventSource(LIVE_UPDATES_PATH);
      source.addEventListener('open', () => {
        if (wasOpen) void refetchKinds(queryClient, ALL_KINDS);
        wasOpen = true;
        attempts = 0;
        setState('live');
      });
      source.addEventListener(LIVE_CHANGE_EVENT, (message) => {
        const parsed = liveNoticeSchema.safeParse(JSON.parse((message as MessageEvent<string>).data));
        if (!parsed.success) return;
        void refetchKinds(
          queryClient,
          parsed.data.changes.map((c) => c.kind),
        );
        onNoticeRef.current(parsed.data);
      });
      source.addEventListener('error', () => {
        // CONNECTING: the browser reconnects by itself. CLOSED: it gave up, so open a new one later.
        if (wasOpen) setState('reconnecting');
        if (source?.readyState === EventSource.CLOSED) {
          source = null;
          reopen = setTimeout(connect, REOPEN_MS(attempts++));
        }
      });
    };
    connect();
    return () => {
      clearTimeout(reopen);
      source?.close();
    };
  }, [queryClient]);
  return state;
}
