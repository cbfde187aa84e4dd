import { Card, NonIdealState, Spinner, Tag } from '@blueprintjs/core';
import { useState } from 'react';
import { formatLongDate, formatTime12 } from '@cafe/contracts';
import { errorDescription } from '../../../lib/api-client';
import { useCafeToday } from '../../../lib/cafe-clock';
import { toast } from '../../../lib/toaster';
import { useAdminAnswerJoin, useAdminOpenTables } from '../api/admin-open-tables';
import { AdminDateInput } from '../../../components/form/admin-date-input';
import { JoinRequestAnswer } from './join-request-answer';
import './open-tables.css';

const people = (n: number) => `${n} ${n === 1 ? 'person' : 'people'}`;

/** The dashboard's Open Tables: a date's tables and who asks to join, answered by staff as by the host. */
export default function OpenTablesAdminSection() {
  const today = useCafeToday();
  const [date, setDate] = useState(today);
  const tables = useAdminOpenTables(date);
  const answer = useAdminAnswerJoin(date, {
    onError: (error) =>
      toast({ title: 'Could not answer the request', description: errorDescription(error, 'Please try again'), intent: 'danger' }),
  });
  const list = tables.data?.tables ?? [];
  return (
    <div className="open-tables-admin">
      <div className="open-tables-admin-head">
        <h2>Open Tables</h2>
        {/* A field like any other: its label above it, on a phone the field on its own line under the title. */}
        <div className="open-tables-admin-date">
          <label htmlFor="open-tables-admin-date" className="bp6-label">
            Date
          </label>
          <AdminDateInput id="open-tables-admin-date" value={date} onChange={(next) => next && setDate(next)} />
        </div>
      </div>
      <p className="muted">{formatLongDate(date)}</p>
      {tables.isPending ? (
        <Spinner aria-label="Loading open tables" />
      ) : list.length === 0 ? (
        <NonIdealState title="No open tables" description="Tables guests open to new players on this day show up here." />
      ) : (
        <ul className="open-tables-list" aria-label="Open tables">
          {list.map((table) => (
            <li key={table.id}>
              <Card className="open-table" aria-label={`${table.game} at ${formatTime12(table.time)}`} role="article">
                <p className="open-table-time">
                  {formatTime12(table.time)} {table.open ? null : <Tag minimal>Closed</Tag>}
                </p>
                <h3 className="open-table-game">{table.game}</h3>
                <p className="open-table-host">Hosted by {table.hostFirstName || 'a guest'}</p>
                <p className="open-table-seats">
                  {table.seatsLeft} of {table.seats} seats free
                </p>
                {table.requests.length === 0 ? (
                  <p className="muted">No requests yet.</p>
                ) : (
                  <ul className="host-table-requests" aria-label="Requests to join">
                    {table.requests.map((request) => (
                      <li key={request.id}>
                        <span>
                          <strong>{request.name}</strong> · {people(request.partySize)}
                          <br />
                          <span className="muted">{request.email}</span>
                        </span>
                        <JoinRequestAnswer
                          request={request}
                          answer={(reply, onSuccess) =>
                            answer.mutate({ tableId: table.id, requestId: request.id, answer: reply }, { onSuccess })
                          }
                        />
                      </li>
                    ))}
                  </ul>
                )}
              </Card>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
