import { Button, ButtonGroup, Callout, HTMLSelect, Tag } from '@blueprintjs/core';
import { formatTime12, minutesOf, STAY_MINUTES_MAX, STAY_MINUTES_MIN, type StayOut } from '@cafe/contracts';
import { useState } from 'react';
import { errorDescription } from '../../../lib/api-client';
import { toast } from '../../../lib/toaster';
import { tableRuleMessage, useChangeStay, useSeatParty, useSeatWalkIn } from '../api/floor-view';
import { guestsText, stayLength, statusText, tablesText, timeOf, type ViewTable } from './host-status';

export interface TablePanelProps {
  table: ViewTable;
  date: string;
  /** The view shows now on today: a walk-in can be seated. */
  live: boolean;
  /** Every table and joinable combination a booking may be moved to ("6 + 7"). */
  targets: string[][];
  onStartMove: (stay: StayOut) => void;
  onMove: (stay: StayOut, tables: string[]) => void;
}

/** The selected table: its state, who sits there or comes next, and the host's moves (seat a walk-in, move, longer/shorter). */
export function TablePanel({ table, date, live, targets, onStartMove, onMove }: TablePanelProps) {
  const [failure, setFailure] = useState<string | null>(null);
  const seat = useSeatWalkIn({
    onSuccess: (out, vars) => {
      setFailure(null);
      toast({
        title: `Walk-in of ${vars.partySize} seated at ${tablesText(vars.tables)}`,
        description: `Since ${formatTime12(out.time)}`,
        intent: 'success',
      });
    },
    onError: (error) => setFailure(errorDescription(error, 'Could not seat the walk-in. Please try again.')),
  });
  const sizes = Array.from({ length: Math.max(table.maxSeats, 1) }, (_, i) => i + 1);
  const free = table.status === 'free';
  return (
    <div className="table-panel" data-table={table.name}>
      <div className="table-panel-head">
        <h3>{tablesText([table.name])}</h3>
        <Tag
          minimal
          round
          intent={table.status === 'over' ? 'danger' : table.status === 'seated' ? 'success' : 'none'}
          className="table-panel-status"
        >
          {statusText(table)}
        </Tag>
      </div>
      <p className="muted">
        {table.area} · {table.minSeats}–{table.maxSeats} seats{table.online ? '' : ' · walk-ins only'}
      </p>
      {free && live ? (
        <fieldset className="walk-in-chips" disabled={seat.isPending}>
          <legend>Seat walk-in</legend>
          <div className="walk-in-chip-row">
            {sizes.map((n) => (
              <Button
                key={n}
                className="walk-in-chip"
                size="large"
                loading={seat.isPending && seat.variables?.partySize === n}
                aria-label={`Seat a walk-in of ${guestsText(n)} at ${tablesText([table.name])}`}
                onClick={() => seat.mutate({ partySize: n, tables: [table.name] })}
              >
                {n}
              </Button>
            ))}
          </div>
          {failure ? (
            <p className="floor-error" role="alert">
              {failure}
            </p>
          ) : null}
        </fieldset>
      ) : null}
      {table.current ? (
        <StayCard stay={table.current} date={date} title="Now" targets={targets} onStartMove={onStartMove} onMove={onMove} />
      ) : null}
      {table.next ? (
        <StayCard stay={table.next} date={date} title="Next" targets={targets} onStartMove={onStartMove} onMove={onMove} />
      ) : null}
      {!table.current && !table.next && !(free && live) ? <p className="muted">Nobody at this table for the rest of the day.</p> : null}
    </div>
  );
}

interface StayCardProps extends Pick<TablePanelProps, 'date' | 'targets' | 'onStartMove' | 'onMove'> {
  stay: StayOut;
  title: string;
}

const STEP = 15;

function StayCard({ stay, date, title, targets, onStartMove, onMove }: StayCardProps) {
  const [target, setTarget] = useState('');
  const [refused, setRefused] = useState<{ minutes: number; message: string } | null>(null);
  const change = useChangeStay({
    onSuccess: (_out, vars) => {
      setRefused(null);
      toast({ title: `${stay.name}'s table until ${formatTime12(timeOf(minutesOf(stay.time) + vars.minutes))}`, intent: 'success' });
    },
    onError: (error, vars) => {
      const rule = tableRuleMessage(error);
      if (rule && !vars.force) setRefused({ minutes: vars.minutes, message: rule });
      else toast({ title: 'Could not change the stay', description: errorDescription(error, 'Please try again.'), intent: 'danger' });
    },
  });
  const seat = useSeatParty({
    onSuccess: () => toast({ title: `${stay.name} seated at ${tablesText(stay.tables)}`, intent: 'success' }),
    onError: (error) =>
      toast({ title: 'Could not seat the party', description: errorDescription(error, 'Please try again.'), intent: 'danger' }),
  });
  const minutes = stayLength(stay);
  const kind = stay.kind === 'reservation' || stay.kind === 'party' ? stay.kind : null;
  const others = targets.filter((t) => JSON.stringify(t) !== JSON.stringify(stay.tables));
  const moveId = `move-${stay.bookingId}`;
  if (stay.kind === 'offer') {
    // A waitlist offer holds the table until the guest answers: nothing for the host to move or seat yet.
    return (
      <section className="stay-card" aria-label={`${title}: ${stay.name}`} data-booking-id={stay.bookingId}>
        <h4>
          {title}: {stay.name} <span className="muted">· {guestsText(stay.partySize)}</span>
        </h4>
        <p>
          {formatTime12(stay.time)} – {formatTime12(stay.until)} · {tablesText(stay.tables)}
        </p>
      </section>
    );
  }
  return (
    <section className="stay-card" aria-label={`${title}: ${stay.name}`} data-booking-id={stay.bookingId}>
      <h4>
        {title}: {stay.name} <span className="muted">· {guestsText(stay.partySize)}</span>
      </h4>
      <p>
        {formatTime12(stay.time)} – {formatTime12(stay.until)} · {tablesText(stay.tables)}
        {stay.status === 'seated' ? ' · seated' : ''}
      </p>
      <div className="stay-actions">
        {kind && stay.status === 'booked' ? (
          <Button intent="primary" loading={seat.isPending} onClick={() => seat.mutate({ kind, id: stay.bookingId })}>
            Seat now
          </Button>
        ) : null}
        <Button icon="move" onClick={() => onStartMove(stay)}>
          Move
        </Button>
        <ButtonGroup>
          <Button
            disabled={minutes - STEP < STAY_MINUTES_MIN || change.isPending}
            onClick={() => change.mutate({ date, bookingId: stay.bookingId, minutes: minutes - STEP })}
            title={`Shorten ${stay.name}'s stay by ${STEP} minutes`}
          >
            −{STEP} min
          </Button>
          <Button
            disabled={minutes + STEP > STAY_MINUTES_MAX || change.isPending}
            onClick={() => change.mutate({ date, bookingId: stay.bookingId, minutes: minutes + STEP })}
            title={`Extend ${stay.name}'s stay by ${STEP} minutes`}
          >
            +{STEP} min
          </Button>
        </ButtonGroup>
      </div>
      {refused ? (
        <Callout intent="warning" role="alert" compact>
          <p>{refused.message}</p>
          <div className="stay-actions">
            <Button
              intent="warning"
              loading={change.isPending}
              onClick={() => change.mutate({ date, bookingId: stay.bookingId, minutes: refused.minutes, force: true })}
            >
              Change anyway
            </Button>
            <Button onClick={() => setRefused(null)}>Keep it</Button>
          </div>
        </Callout>
      ) : null}
      <form
        className="stay-move-menu"
        onSubmit={(ev) => {
          ev.preventDefault();
          if (target) onMove(stay, JSON.parse(target) as string[]);
        }}
      >
        <label htmlFor={moveId} className="bp6-label">
          Move to
        </label>
        <HTMLSelect id={moveId} value={target} onChange={(ev) => setTarget(ev.currentTarget.value)}>
          <option value="">Choose a table</option>
          {others.map((t) => (
            <option key={JSON.stringify(t)} value={JSON.stringify(t)}>
              {tablesText(t)}
            </option>
          ))}
        </HTMLSelect>
        <Button type="submit" disabled={!target}>
          Move there
        </Button>
      </form>
    </section>
  );
}
