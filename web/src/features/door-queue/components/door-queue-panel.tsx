import { Button, Callout, Card, Spinner, Tag } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { cafeTimeOfDay, formatTime12, type DoorQueuePartyOut } from '@cafe/contracts';
import { BusyButton } from '../../../components/busy-button';
import { errorDescription } from '../../../lib/api-client';
import { toast } from '../../../lib/toaster';
import { useDoorQueue, useMarkGone, useTableReady, type DoorQueueAdded } from '../api/door-queue';
import { AddPartyForm } from './add-party-form';
import { holdLeftText, minutesText } from './queue-text';
import { SeatDialog } from './seat-dialog';
import './door-queue.css';

const failed = (title: string) => (error: unknown) =>
  toast({ title, description: errorDescription(error, 'Please try again'), intent: 'danger' });

function HoldTimer({ until, skewMs }: { until: string; skewMs: number }) {
  const [now, setNow] = useState(() => Date.now() + skewMs);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now() + skewMs), 1000);
    return () => clearInterval(timer);
  }, [skewMs]);
  const text = holdLeftText(until, now);
  return (
    <span role="timer" aria-live="off" className="hold-timer">
      <Tag intent={text === 'Hold over' ? 'danger' : 'warning'}>{text}</Tag>
    </span>
  );
}

const STATUS_TEXT: Record<DoorQueuePartyOut['status'], string> = {
  waiting: 'Waiting',
  ready: 'Table ready',
  seated: 'Seated',
  gone: 'Gone',
};

interface PartyRowProps {
  party: DoorQueuePartyOut;
  zone: string;
  skewMs: number;
  onSeat: (p: DoorQueuePartyOut) => void;
}

function PartyRow({ party, zone, skewMs, onSeat }: PartyRowProps) {
  const ready = useTableReady({ onError: failed('Could not send "Table ready"') });
  const gone = useMarkGone({ onError: failed('Could not mark the party gone') });
  const open = party.status === 'waiting' || party.status === 'ready';
  const added = formatTime12(cafeTimeOfDay(zone, new Date(party.addedAt)));
  return (
    <li className={`door-party is-${party.status}`} data-party={party.id}>
      <div className="door-party-who">
        <span className="door-party-place" aria-label={party.position ? `Place ${party.position}` : undefined}>
          {party.position ?? '–'}
        </span>
        <div>
          <strong className="door-party-name">{party.name}</strong> <span className="door-party-size">· {party.partySize}</span>
          {party.note ? <div className="door-party-note">{party.note}</div> : null}
          <div className="door-party-times">
            Added {added} · quoted {party.quotedMinutes} min
            {party.status === 'waiting'
              ? party.estimateMinutes > 0
                ? ` · now ${minutesText(party.estimateMinutes)}`
                : ' · a table is free'
              : ''}
            {party.tables.length ? ` · table ${party.tables.join(' + ')}` : ''}
          </div>
        </div>
      </div>
      <div className="door-party-state">
        <Tag minimal intent={party.status === 'ready' ? 'warning' : party.status === 'seated' ? 'success' : 'none'}>
          {STATUS_TEXT[party.status]}
        </Tag>
        {party.status === 'ready' && party.readyUntil ? <HoldTimer until={party.readyUntil} skewMs={skewMs} /> : null}
      </div>
      {open ? (
        <div className="door-party-actions">
          {party.status === 'waiting' ? (
            <BusyButton intent="primary" busy={ready.isPending} text="Table ready" onClick={() => ready.mutate(party.id)} />
          ) : null}
          <Button intent={party.status === 'ready' ? 'primary' : 'none'} text="Seat" onClick={() => onSeat(party)} />
          <BusyButton variant="minimal" busy={gone.isPending} text="Gone" onClick={() => gone.mutate(party.id)} />
        </div>
      ) : null}
    </li>
  );
}

/** Staff's door queue (Today, "Waitlist"): add a party, the quotes, "Table ready" with its hold, seat, gone. */
export function DoorQueuePanel({ zone }: { zone: string }) {
  const queue = useDoorQueue();
  const [seating, setSeating] = useState<DoorQueuePartyOut | null>(null);
  const [added, setAdded] = useState<DoorQueueAdded | null>(null);
  const parties = queue.data?.parties ?? [];
  const open = parties.filter((p) => p.status === 'waiting' || p.status === 'ready');
  const done = parties.filter((p) => !open.includes(p));
  return (
    <section className="door-queue" aria-labelledby="door-queue-heading">
      <h3 id="door-queue-heading">Door queue</h3>
      <div className="door-queue-layout">
        <Card className="door-add-card">
          <AddPartyForm onAdded={setAdded} />
          {added ? (
            <Callout
              intent="success"
              className="door-added"
              role="status"
              title={`${added.name} added: ${added.quotedMinutes > 0 ? `about ${added.quotedMinutes} min wait` : 'a table is free now'}`}
            >
              Place {added.position ?? '–'} in the queue; their live page went to them.{' '}
              <a className="text-link" href={added.link} target="_blank" rel="noreferrer">
                Open their page
              </a>
              {added.notice ? <p className="door-added-notice">{added.notice}</p> : null}
            </Callout>
          ) : null}
        </Card>
        <div className="door-list">
          {queue.isPending ? (
            <Spinner aria-label="Loading the door queue" />
          ) : queue.isError ? (
            <Callout intent="danger">{errorDescription(queue.error, 'Could not load the door queue')}</Callout>
          ) : (
            <>
              <h4>
                Waiting <span className="muted">({open.length})</span>
              </h4>
              {open.length ? (
                <ul className="door-parties" aria-label="Waiting at the door">
                  {open.map((p) => (
                    <PartyRow key={p.id} party={p} zone={zone} skewMs={queue.data.skewMs} onSeat={setSeating} />
                  ))}
                </ul>
              ) : (
                <p className="muted">Nobody is waiting at the door.</p>
              )}
              {done.length ? (
                <>
                  <h4>Seated or gone today</h4>
                  <ul className="door-parties is-done" aria-label="Seated or gone today">
                    {done.map((p) => (
                      <PartyRow key={p.id} party={p} zone={zone} skewMs={queue.data.skewMs} onSeat={setSeating} />
                    ))}
                  </ul>
                </>
              ) : null}
            </>
          )}
        </div>
      </div>
      <SeatDialog party={seating} date={queue.data?.date ?? ''} onClose={() => setSeating(null)} />
    </section>
  );
}
