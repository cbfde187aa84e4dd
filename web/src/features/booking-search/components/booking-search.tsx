import { InputGroup, Spinner, Tag } from '@blueprintjs/core';
import { SearchIcon } from '@blueprintjs/icons/lib/esm/generated/components/search';
import { ARRIVAL_LABELS, SEARCH_NOTHING_FOUND, SEARCH_QUERY_MIN, formatTime12, type BookingSearchHit } from '@cafe/contracts';
import { DateTime } from 'luxon';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { GuestEmail } from '../../../components/guest-email';
import { errorDescription } from '../../../lib/api-client';
import { useBookingSearch } from '../api/search-bookings';
import './booking-search.css';

/** Typing pauses this long before the server is asked: one request per word, not per key. */
const DEBOUNCE_MS = 250;

const STATUS_LABEL: Record<BookingSearchHit['status'], string> = {
  booked: 'Booked',
  pending: 'Pending',
  approved: 'Approved',
  rejected: 'Rejected',
  cancelled: 'Cancelled',
  confirmed: 'Signed up',
  waitlisted: 'Waitlisted',
};
const STATUS_INTENT = {
  booked: 'none',
  pending: 'warning',
  approved: 'success',
  rejected: 'danger',
  cancelled: 'danger',
  confirmed: 'none',
  waitlisted: 'warning',
} as const;

const shortDate = (iso: string) => DateTime.fromISO(iso, { zone: 'utc' }).setLocale('en-US').toFormat('ccc, LLL d, yyyy');

/** What became of it, when staff marked it (arrived, no-show…, checked in), else where it stands. */
function statusOf(hit: BookingSearchHit): { label: string; intent: 'none' | 'success' | 'warning' | 'danger' } {
  if (hit.status !== 'cancelled' && hit.arrival) {
    return { label: ARRIVAL_LABELS[hit.arrival], intent: hit.arrival === 'no-show' ? 'danger' : 'success' };
  }
  if (hit.status !== 'cancelled' && hit.checkedIn) return { label: 'Checked in', intent: 'success' };
  return { label: STATUS_LABEL[hit.status], intent: STATUS_INTENT[hit.status] };
}

/** 'Reservation · Fri, Nov 20, 2026 · 6:00 PM · 4 people'; a sign-up names its event and places. */
function whenText(hit: BookingSearchHit): string {
  const time = hit.time ? ` · ${formatTime12(hit.time)}` : '';
  if (hit.kind === 'sign-up') {
    const places = `${hit.partySize} ${hit.partySize === 1 ? 'place' : 'places'}`;
    return `Sign-up · ${hit.event?.title ?? 'Event'} · ${shortDate(hit.date)}${time} · ${places}`;
  }
  const people = `${hit.partySize} ${hit.partySize === 1 ? 'person' : 'people'}`;
  return `${hit.kind === 'party' ? 'Party' : 'Reservation'} · ${shortDate(hit.date)}${time} · ${people}`;
}

function useDebounced(value: string): string {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [value]);
  return debounced;
}

/** One result: who, what became of it, when and how many, and how to reach them. */
function SearchHit({ hit, onChoose }: { hit: BookingSearchHit; onChoose: (hit: BookingSearchHit) => void }) {
  const status = statusOf(hit);
  return (
    <button
      type="button"
      className="search-hit"
      data-booking={`${hit.kind}:${hit.id}`}
      // Safari does not focus a clicked button: the box would blur to nothing and close the
      // list before the click lands. Keeping focus where it is lets the click through.
      onMouseDown={(e) => e.preventDefault()}
      onClick={() => onChoose(hit)}
    >
      <span className="search-hit-main">
        <span className="search-hit-name">{hit.name}</span>
        <Tag minimal round intent={status.intent}>
          {status.label}
        </Tag>
      </span>
      <span className="search-hit-when">{whenText(hit)}</span>
      <span className="search-hit-contact">
        {hit.phone} · <GuestEmail email={hit.email} />
      </span>
    </button>
  );
}

/**
 * The dashboard header's search box: part of a name, an e-mail or a phone number (digits matched
 * whatever the formatting) finds reservations, party bookings and event sign-ups, past and future, each
 * with what became of it; choosing one asks the app to open it (`onOpen`). Arrow keys move through the
 * results, Escape closes them.
 */
export default function BookingSearch({ onOpen }: { onOpen: (hit: BookingSearchHit) => void }) {
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const query = useDebounced(text.trim());
  const search = useBookingSearch(query);
  const box = useRef<HTMLDivElement>(null);
  const resultsId = useId();
  const ready = query.length >= SEARCH_QUERY_MIN;
  const answer = ready ? search.data : undefined;

  const focusResult = (step: number) => {
    const items = [...(box.current?.querySelectorAll<HTMLButtonElement>('.search-hit') ?? [])];
    const at = items.indexOf(document.activeElement as HTMLButtonElement);
    const next = at === -1 ? (step > 0 ? 0 : items.length - 1) : at + step;
    if (next < 0) box.current?.querySelector('input')?.focus();
    else items[Math.min(next, items.length - 1)]?.focus();
  };
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      setOpen(true);
      focusResult(e.key === 'ArrowDown' ? 1 : -1);
    } else if (e.key === 'Escape' && open) {
      e.preventDefault();
      setOpen(false);
      box.current?.querySelector('input')?.focus();
    }
  };
  const choose = (hit: BookingSearchHit) => {
    setOpen(false);
    onOpen(hit);
  };

  return (
    <div
      className="booking-search"
      ref={box}
      role="search"
      onKeyDown={onKeyDown}
      onBlur={(e) => {
        if (!box.current?.contains(e.relatedTarget)) setOpen(false);
      }}
    >
      <InputGroup
        type="search"
        leftIcon={<SearchIcon />}
        placeholder="Find a booking: name, e-mail or phone"
        aria-label="Search bookings by name, e-mail or phone"
        aria-controls={open && ready ? resultsId : undefined}
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
        rightElement={search.isFetching && ready ? <Spinner size={16} aria-label="Searching" /> : undefined}
      />
      {open && ready ? (
        <div className="search-results" id={resultsId} role="region" aria-label="Search results" aria-live="polite">
          {search.isError ? (
            <p className="search-note" role="alert">
              {errorDescription(search.error, 'Search failed, please try again')}
            </p>
          ) : !answer ? (
            <p className="search-note">Searching…</p>
          ) : answer.results.length === 0 ? (
            <p className="search-note">
              {SEARCH_NOTHING_FOUND} “{answer.query}”.
            </p>
          ) : (
            <>
              {answer.guests.length > 1 ? (
                <p className="search-note">
                  {answer.guests.length} guests, {answer.results.length} bookings
                </p>
              ) : null}
              <ul className="search-list">
                {answer.results.map((hit) => (
                  <li key={`${hit.kind}:${hit.id}`}>
                    <SearchHit hit={hit} onChoose={choose} />
                  </li>
                ))}
              </ul>
              {answer.more ? <p className="search-note">More bookings match: type more of the name, e-mail or phone.</p> : null}
            </>
          )}
        </div>
      ) : null}
    </div>
  );
}
