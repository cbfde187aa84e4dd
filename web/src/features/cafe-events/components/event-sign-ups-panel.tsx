import { Button, HTMLSelect, Spinner, Tag } from '@blueprintjs/core';
import type { CafeEvent, EventOccurrence, EventSignUpOut } from '@cafe/contracts';
import { useEffect, useRef, useState } from 'react';
import { ConfirmAlert } from '../../../components/confirm-alert';
import { closedDayText, useClosedDays } from '../../../lib/blocked-dates';
import { useAdminOccurrences, useCancelSignUp, useCheckIn, useOccurrenceSignUps } from '../api/admin-sign-ups';
import { eventDateText } from './event-card';
import { placesText } from './event-dates';

/** A sign-up to show (the search box's result): its date picked, its row marked and scrolled to. */
export interface SignUpFocus {
  date: string;
  signUp: string | null;
}

/** The focused sign-up's row, once listed: scrolled into view (the row is marked by its class). */
function useFocusedRow(focus: SignUpFocus | null | undefined, loaded: boolean) {
  const panel = useRef<HTMLElement>(null);
  useEffect(() => {
    if (!focus || !loaded) return;
    // The row, or the panel when the sign-up is no longer listed (cancelled).
    const row = focus.signUp ? panel.current?.querySelector(`[data-sign-up="${CSS.escape(focus.signUp)}"]`) : null;
    (row ?? panel.current)?.scrollIntoView({ block: 'center' });
  }, [focus, loaded]);
  return panel;
}

/**
 * Staff's view of one event's sign-ups: pick a date, see who comes (check them in on the night) and
 * who waits, in the order they will be promoted; cancelling a sign-up gives its places to the waitlist.
 */
export function EventSignUpsPanel({ event, focus }: { event: CafeEvent; focus?: SignUpFocus | null }) {
  const occurrences = useAdminOccurrences(event.id);
  // A new focus remounts the panel (its key), so the date it names is picked from the start.
  const [picked, setDate] = useState<string | null>(focus?.date ?? null);
  // A past date found by the search is not among the dates ahead: it is listed too.
  const ahead = occurrences.data ?? [];
  const dates: (EventOccurrence | { date: string; past: true })[] =
    picked && occurrences.data && !ahead.some((o) => o.date === picked) ? [{ date: picked, past: true }, ...ahead] : ahead;
  // The first date until staff pick another.
  const date = picked ?? dates[0]?.date ?? null;
  const list = useOccurrenceSignUps(event.id, date);
  const panel = useFocusedRow(focus, Boolean(list.data));
  const found = (id: string) => (focus?.signUp === id ? 'sign-up-found' : undefined);
  const checkIn = useCheckIn(event.id);
  const [cancelling, setCancelling] = useState<EventSignUpOut | null>(null);
  const cancel = useCancelSignUp(event.id, { onSettled: () => setCancelling(null) });
  const current = list.data;
  const closedDays = useClosedDays();

  if (occurrences.isPending) return <Spinner size={20} aria-label="Loading the dates" />;
  if (dates.length === 0) return <p className="muted">No dates ahead.</p>;
  return (
    <section className="event-sign-ups" aria-label={`Sign-ups: ${event.title}`} ref={panel}>
      <label className="event-sign-ups-date">
        <span>Date</span>
        <HTMLSelect value={date ?? ''} onChange={(e) => setDate(e.target.value)} aria-label="Date">
          {dates.map((o) => (
            <option key={o.date} value={o.date}>
              {'past' in o
                ? `${eventDateText(o.date)} · past`
                : `${eventDateText(o.date)} · ${closedDays.has(o.date) ? `${closedDayText(closedDays.get(o.date)!)} · ` : ''}${placesText(o)}`}
            </option>
          ))}
        </HTMLSelect>
      </label>
      {date && closedDays.has(date) ? (
        <Tag intent="danger" className="event-closed-day">
          {closedDayText(closedDays.get(date)!)}
        </Tag>
      ) : null}
      {!current ? (
        <Spinner size={20} aria-label="Loading the sign-ups" />
      ) : (
        <>
          <h4>
            Attendees ({current.placesTaken} of {current.capacity} places)
          </h4>
          {current.attendees.length === 0 ? (
            <p className="muted">Nobody has signed up yet.</p>
          ) : (
            <ul className="sign-up-list" aria-label="Attendees">
              {current.attendees.map((s) => (
                <li key={s.id} data-sign-up={s.id} className={found(s.id)}>
                  <div className="sign-up-who">
                    <strong>{s.name}</strong> <Tag minimal>{s.places === 1 ? '1 place' : `${s.places} places`}</Tag>
                    <span className="muted sign-up-contact">
                      {s.phone} · {s.email}
                    </span>
                  </div>
                  <div className="sign-up-actions">
                    {s.checkedInAt ? (
                      <Tag intent="success">Checked in</Tag>
                    ) : (
                      <Button
                        size="small"
                        intent="primary"
                        text="Check in"
                        aria-label={`Check in ${s.name}`}
                        onClick={() => checkIn.mutate(s)}
                      />
                    )}
                    <Button
                      size="small"
                      variant="minimal"
                      text="Cancel"
                      aria-label={`Cancel ${s.name}'s sign-up`}
                      onClick={() => setCancelling(s)}
                    />
                  </div>
                </li>
              ))}
            </ul>
          )}
          <h4>Waitlist ({current.waitlisted.length})</h4>
          {current.waitlisted.length === 0 ? (
            <p className="muted">Nobody is waiting.</p>
          ) : (
            <ol className="sign-up-list" aria-label="Waitlist">
              {current.waitlisted.map((s) => (
                <li key={s.id} data-sign-up={s.id} className={found(s.id)}>
                  <div className="sign-up-who">
                    <strong>
                      {s.waitlistPosition}. {s.name}
                    </strong>{' '}
                    <Tag minimal>{s.places === 1 ? '1 place' : `${s.places} places`}</Tag>
                    <span className="muted sign-up-contact">
                      {s.phone} · {s.email}
                    </span>
                  </div>
                  <div className="sign-up-actions">
                    <Button
                      size="small"
                      variant="minimal"
                      text="Remove"
                      aria-label={`Remove ${s.name} from the waitlist`}
                      onClick={() => setCancelling(s)}
                    />
                  </div>
                </li>
              ))}
            </ol>
          )}
        </>
      )}
      <ConfirmAlert
        isOpen={cancelling !== null}
        confirmText="Cancel sign-up"
        loading={cancel.isPending}
        onConfirm={() => cancelling && cancel.mutate(cancelling)}
        onCancel={() => setCancelling(null)}
      >
        <p>
          Cancel {cancelling?.name}'s sign-up? They are e-mailed, and{' '}
          {cancelling?.status === 'confirmed' ? 'their places go to the waitlist' : 'they leave the waitlist'}.
        </p>
      </ConfirmAlert>
    </section>
  );
}
