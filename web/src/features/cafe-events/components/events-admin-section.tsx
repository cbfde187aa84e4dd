import { Button, Card, Tag } from '@blueprintjs/core';
import { formatLongDate, formatTime12, to24Hour, type CafeEvent } from '@cafe/contracts';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { ConfirmAlert } from '../../../components/confirm-alert';
import { QueryStates } from '../../../components/content-states';
import { PlusIcon } from '../../../components/content-icons';
import { EditDeleteActions } from '../../../components/edit-delete-actions';
import { useAdminEvents } from '../api/get-events';
import { useDeleteEvent } from '../api/manage-events';
import { EventDialog } from './event-dialog';
import { EventSignUpsPanel, type SignUpFocus } from './event-sign-ups-panel';
import { closedDayText, useClosedDays } from '../../../lib/blocked-dates';
import { adminParams } from '../../../lib/admin-address';
import './events-admin.css';

function when(event: CafeEvent): string {
  const time = event.event_time ? to24Hour(event.event_time) : null;
  // The time never splits ('7:00 / PM' on a phone): its space is a non-breaking one.
  return time ? `${formatLongDate(event.event_date)} · ${formatTime12(time).replace(' ', '\u00a0')}` : formatLongDate(event.event_date);
}

/**
 * The address of a sign-up (the search box's result: ?event=&date=&signUp=) opens its event's sign-ups
 * on that date with the sign-up shown; the parameters are then taken off, as a booking's are.
 */
function useSignUpAddress(setOpen: (id: string) => void, setFocus: (focus: SignUpFocus) => void) {
  const [params, setParams] = useSearchParams();
  const eventId = params.get(adminParams.event);
  const date = params.get(adminParams.date);
  const signUp = params.get(adminParams.signUp);
  useEffect(() => {
    if (!eventId || !date) return;
    setOpen(eventId);
    setFocus({ date, signUp });
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const key of [adminParams.event, adminParams.date, adminParams.signUp]) next.delete(key);
        return next;
      },
      { replace: true },
    );
  }, [eventId, date, signUp, setOpen, setFocus, setParams]);
}

/** The dashboard's Events section: every event (hidden and past too), each with edit and delete. */
export default function EventsAdminSection() {
  const events = useAdminEvents();
  const [target, setTarget] = useState<CafeEvent | 'new' | null>(null);
  const [deleting, setDeleting] = useState<CafeEvent | null>(null);
  const [open, setOpen] = useState<string | null>(null);
  const [focus, setFocus] = useState<SignUpFocus | null>(null);
  useSignUpAddress(setOpen, setFocus);
  const remove = useDeleteEvent({ onSettled: () => setDeleting(null) });
  // An event on a blocked date is flagged: the café is closed that day.
  const closedDays = useClosedDays();
  const list = events.data ?? [];

  return (
    <div className="content-section events-admin">
      <div className="content-area-head">
        <h2>Events</h2>
        <Button intent="primary" icon={<PlusIcon />} text="Add Event" onClick={() => setTarget('new')} />
      </div>
      <QueryStates
        pending={events.isPending}
        error={events.isError}
        onRetry={() => void events.refetch()}
        what="the events"
        skeleton={{ count: 3, className: 'event-list' }}
        empty={{
          when: list.length === 0,
          title: 'No events yet',
          description: 'No events created yet. Add your first event to get started!',
        }}
      >
        {() => (
          <ul className="event-list" aria-label="Events">
            {list.map((event) => (
              <li key={event.id} data-event={event.id}>
                <Card className="event-card" elevation={1}>
                  <div className="event-main">
                    <h3>{event.title}</h3>
                    <p className="event-when">{when(event)}</p>
                    <div className="event-facts">
                      {event.location ? <Tag minimal>{event.location}</Tag> : null}
                      {event.price ? <Tag minimal>{event.price}</Tag> : null}
                      {event.max_attendees ? <Tag minimal>Up to {event.max_attendees} players</Tag> : null}
                      {event.repeat ? <Tag minimal>{event.repeat === 'weekly' ? 'Every week' : 'Every month'}</Tag> : null}
                      {closedDays.has(event.event_date) ? (
                        <Tag intent="danger" className="event-closed-day">
                          {closedDayText(closedDays.get(event.event_date)!)}
                        </Tag>
                      ) : null}
                      {event.isVisible ? null : (
                        <Tag minimal intent="warning">
                          Hidden
                        </Tag>
                      )}
                    </div>
                    {event.description ? <p className="muted event-description">{event.description}</p> : null}
                    {event.max_attendees ? (
                      <Button
                        className="event-sign-ups-toggle"
                        size="small"
                        variant="outlined"
                        text={open === event.id ? 'Hide sign-ups' : 'Sign-ups'}
                        aria-expanded={open === event.id}
                        aria-label={`${open === event.id ? 'Hide sign-ups' : 'Sign-ups'}: ${event.title}`}
                        onClick={() => {
                          setFocus(null);
                          setOpen(open === event.id ? null : event.id);
                        }}
                      />
                    ) : null}
                  </div>
                  <EditDeleteActions name={event.title} onEdit={() => setTarget(event)} onDelete={() => setDeleting(event)} />
                  {/* Under both, the card's full width: its rows' actions line up with Edit and Delete. */}
                  {open === event.id ? (
                    <EventSignUpsPanel key={focus ? `${focus.date}:${focus.signUp}` : ''} event={event} focus={focus} />
                  ) : null}
                </Card>
              </li>
            ))}
          </ul>
        )}
      </QueryStates>
      <EventDialog target={target} onClose={() => setTarget(null)} />
      <ConfirmAlert
        isOpen={deleting !== null}
        confirmText="Delete Event"
        loading={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting)}
        onCancel={() => setDeleting(null)}
      >
        <p>Delete the event “{deleting?.title}”? This cannot be undone.</p>
      </ConfirmAlert>
    </div>
  );
}
