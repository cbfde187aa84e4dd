import { Button, Callout, Card, HTMLSelect, Spinner } from '@blueprintjs/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router-dom';
import type { z } from 'zod';
import {
  GUEST_LINK_INVALID,
  OPEN_TABLE_MAX_SEATS,
  TABLE_OPENED_TOAST,
  formatLongDate,
  formatTime12,
  openTableSchema,
  type HostOpenTable,
  type OpenTableInput,
} from '@cafe/contracts';
import { BusyButton } from '../../../components/busy-button';
import { Field, errorAria } from '../../../components/form/field';
import { TextField } from '../../../components/form/form-fields';
import { Logo } from '../../../components/layout/logo';
import { ApiError, errorDescription } from '../../../lib/api-client';
import { toast } from '../../../lib/toaster';
import { usePageTitle } from '../../../lib/use-page-title';
import { useAnswerJoin, useCloseTable, useHostTable, useOpenTable } from '../api/host-table';
import { JoinRequestAnswer } from './join-request-answer';
import './open-tables.css';
import './open-tables-public.css';

type OpenTable = z.output<typeof openTableSchema>;
const people = (n: number) => `${n} ${n === 1 ? 'person' : 'people'}`;
const failed = (title: string) => (error: Error) =>
  toast({ title, description: errorDescription(error, 'Please try again'), intent: 'danger' });

/** /open-tables/host?token=…: the host's table, from the link in their booking's e-mails. */
export default function HostTablePage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  usePageTitle('Your open table');
  const host = useHostTable(token);
  return (
    <main className="host-table">
      <Card className="host-table-card" elevation={2}>
        <header className="host-table-head">
          <Logo size={48} />
          <h1>Your open table</h1>
        </header>
        {!token ? (
          <p role="alert">{GUEST_LINK_INVALID}</p>
        ) : host.isPending ? (
          <Spinner aria-label="Loading your table" />
        ) : host.isError ? (
          <p role="alert">
            {host.error instanceof ApiError ? (host.error.serverMessage ?? GUEST_LINK_INVALID) : 'Please try again in a moment.'}
          </p>
        ) : (
          <HostTable token={token} host={host.data} />
        )}
        <p className="host-table-foot">
          <Link to="/open-tables" className="text-link">
            See all open tables
          </Link>
        </p>
      </Card>
    </main>
  );
}

function HostTable({ token, host }: { token: string; host: HostOpenTable }) {
  const { reservation, table } = host;
  const close = useCloseTable(token, { onError: failed('Could not stop sharing') });
  return (
    <>
      <p className="host-table-when">
        {reservation.name}, {people(reservation.partySize)} on {formatLongDate(reservation.date)} at {formatTime12(reservation.time)}
      </p>
      {table?.open ? (
        <section className="host-table-section" aria-labelledby="host-table-shared">
          <h2 id="host-table-shared">
            {table.game}: {table.seatsLeft} of {table.seats} seats free
          </h2>
          <Requests token={token} host={host} />
          <Button variant="outlined" intent="danger" text="Stop sharing my table" onClick={() => close.mutate(undefined)} />
        </section>
      ) : (
        <OpenForm token={token} host={host} />
      )}
    </>
  );
}

function Requests({ token, host }: { token: string; host: HostOpenTable }) {
  const answer = useAnswerJoin(token, { onError: failed('Could not answer the request') });
  const requests = host.table?.requests ?? [];
  if (requests.length === 0) return <p className="muted">No requests yet: we will e-mail you when someone asks to join.</p>;
  return (
    <ul className="host-table-requests" aria-label="Requests to join">
      {requests.map((request) => (
        <li key={request.id}>
          <span className="host-table-who">
            {request.name} · {people(request.partySize)}
          </span>
          <JoinRequestAnswer
            request={request}
            answer={(reply, onSuccess) => answer.mutate({ requestId: request.id, answer: reply }, { onSuccess })}
            accepting={answer.isPending && answer.variables?.requestId === request.id}
          />
        </li>
      ))}
    </ul>
  );
}

/** Share seats of the reservation (at most its size less one) with a game in mind. */
function OpenForm({ token, host }: { token: string; host: HostOpenTable }) {
  const max = Math.min(OPEN_TABLE_MAX_SEATS, host.reservation.partySize - 1);
  const form = useForm<OpenTableInput, unknown, OpenTable>({
    resolver: zodResolver(openTableSchema),
    defaultValues: { game: host.table?.game ?? '', seats: Math.min(host.table?.seats ?? 2, Math.max(max, 1)) },
  });
  const open = useOpenTable(token, {
    onSuccess: () => toast({ title: TABLE_OPENED_TOAST, intent: 'success' }),
    onError: failed('Could not open your table'),
  });
  const { errors } = form.formState;
  if (max < 1) return <Callout intent="primary">A table for one has no seat to share.</Callout>;
  return (
    <form
      className="host-table-section"
      noValidate
      aria-labelledby="host-table-open"
      onSubmit={form.handleSubmit((values) => {
        if (!open.isPending) open.mutate(values);
      })}
    >
      <h2 id="host-table-open">Open your table to new players</h2>
      <TextField form={form} name="game" id="host-game" label="Game or kind of game" placeholder="Catan, or any co-op game" />
      <Field id="host-seats" label="Seats to share" error={errors.seats?.message}>
        <Controller
          control={form.control}
          name="seats"
          render={({ field }) => (
            <HTMLSelect
              id="host-seats"
              fill
              ref={field.ref}
              value={String(field.value ?? 1)}
              onChange={(e) => field.onChange(Number(e.target.value))}
              onBlur={field.onBlur}
              {...errorAria('host-seats', errors.seats)}
            >
              {Array.from({ length: max }, (_, i) => i + 1).map((n) => (
                <option key={n} value={n}>
                  {n} {n === 1 ? 'seat' : 'seats'}
                </option>
              ))}
            </HTMLSelect>
          )}
        />
      </Field>
      <BusyButton type="submit" intent="primary" busy={open.isPending} busyText="Opening..." text="Open my table" />
    </form>
  );
}
