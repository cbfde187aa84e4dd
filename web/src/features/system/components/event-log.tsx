import { Button, Tag } from '@blueprintjs/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { SYSTEM_EVENTS_MAX_LIMIT, systemEventsQuerySchema, type SystemEvent } from '@cafe/contracts';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { StackTable } from '../../../components/stack-table';
import { QueryStates } from '../../../components/content-states';
import { TextField } from '../../../components/form/form-fields';
import { EVENTS_PAGE, useEvents, type EventFilters } from '../api/events';
import { useCafeDateTime } from './format';

const filtersSchema = systemEventsQuerySchema.pick({ stream: true, type: true });
const NONE: EventFilters = { stream: '', type: '' };

/** The most recent events, newest first, narrowed to one stream and/or one event type. */
export function EventLog() {
  const [filters, setFilters] = useState<EventFilters>(NONE);
  const [limit, setLimit] = useState(EVENTS_PAGE);
  const events = useEvents(filters, limit);
  const form = useForm({ resolver: zodResolver(filtersSchema), defaultValues: NONE });
  const apply = form.handleSubmit((values) => pick({ stream: values.stream ?? '', type: values.type ?? '' }));
  const more = events.data !== undefined && events.data.events.length >= limit && limit < SYSTEM_EVENTS_MAX_LIMIT;
  const filtered = filters.stream !== '' || filters.type !== '';
  const list = events.data?.events ?? [];

  return (
    <section className="content-area" aria-labelledby="event-log-title">
      <div className="content-area-head">
        <h3 id="event-log-title">Recent events</h3>
        {events.data ? (
          <span className="muted" aria-live="polite">
            {list.length === 1 ? '1 event' : `${list.length} events`}
            {filtered ? ' matching' : ''}, newest first
          </span>
        ) : null}
      </div>
      <form noValidate className="system-filters" aria-label="Filter the events" onSubmit={apply}>
        <TextField form={form} name="stream" id="event-stream" label="Stream" optional placeholder="reservation-…" autoComplete="off" />
        <TextField
          form={form}
          name="type"
          id="event-type"
          label="Event type"
          optional
          placeholder="ReservationRequested"
          autoComplete="off"
        />
        <div className="system-filter-buttons">
          <Button type="submit" intent="primary" text="Filter" />
          <Button
            text="Clear"
            disabled={!filtered}
            onClick={() => {
              pick(NONE);
            }}
          />
        </div>
      </form>
      <QueryStates
        pending={events.isPending}
        error={events.isError}
        onRetry={() => void events.refetch()}
        what="the events"
        skeleton={{ count: 1, className: 'system-loading', tall: true }}
        empty={{
          when: list.length === 0,
          title: filtered ? 'No matching events' : 'No events yet',
          description: filtered
            ? 'Check the stream name and the event type (both are exact), or clear the filters.'
            : 'Events appear here as the site is used.',
        }}
      >
        {() => (
          <StackTable className="system-table system-events" label="Recent events" columns={['#', 'When', 'Stream', 'Type', 'By', 'Data']}>
            {list.map((e) => (
              <EventRow
                key={e.position}
                event={e}
                onStream={(stream) => pick({ ...filters, stream })}
                onType={(type) => pick({ ...filters, type })}
              />
            ))}
          </StackTable>
        )}
      </QueryStates>
      {more ? (
        <Button
          className="system-more"
          text="Show more"
          loading={events.isFetching}
          onClick={() => setLimit((l) => Math.min(SYSTEM_EVENTS_MAX_LIMIT, l + EVENTS_PAGE))}
        />
      ) : null}
    </section>
  );

  function pick(next: EventFilters) {
    form.reset(next);
    setFilters(next);
    setLimit(EVENTS_PAGE);
  }
}

function EventRow({ event: e, onStream, onType }: { event: SystemEvent; onStream: (s: string) => void; onType: (t: string) => void }) {
  const cafeDateTime = useCafeDateTime();
  const data = JSON.stringify(e.data);
  return (
    <tr>
      <td data-label="#" className="cell-nowrap">
        {e.position}
      </td>
      <td data-label="When" className="cell-nowrap">
        {cafeDateTime(e.occurredAt)}
      </td>
      <td data-label="Stream" className="system-break">
        <Button
          variant="minimal"
          size="small"
          className="system-link"
          text={`${e.stream}@${e.revision}`}
          title="Show only this stream"
          onClick={() => onStream(e.stream)}
        />
      </td>
      <td data-label="Type">
        <Tag
          minimal
          interactive
          onClick={() => onType(e.type)}
          title="Show only this type"
          role="button"
          tabIndex={0}
          onKeyDown={(k) => {
            if (k.key === 'Enter' || k.key === ' ') {
              k.preventDefault();
              onType(e.type);
            }
          }}
        >
          {e.type}
        </Tag>
      </td>
      <td data-label="By" className="system-by">
        {e.actor}
      </td>
      <td data-label="Data" className="system-data">
        <details>
          <summary>
            <code>{data}</code>
          </summary>
          <pre>{JSON.stringify(e.data, null, 2)}</pre>
        </details>
      </td>
    </tr>
  );
}
