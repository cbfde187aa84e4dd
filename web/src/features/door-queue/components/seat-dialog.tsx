import { Button, Callout, Checkbox, DialogBody, Spinner } from '@blueprintjs/core';
import { useState } from 'react';
import { DEFAULT_STAY_RULES, formatTime12, minutesOf, stayMinutesFor, type DoorQueuePartyOut } from '@cafe/contracts';
import { BusyButton } from '../../../components/busy-button';
import { DialogActions } from '../../../components/dialog-actions';
import { StaffDialog } from '../../../components/staff-dialog';
import { ApiError, errorDescription } from '../../../lib/api-client';
import { toast } from '../../../lib/toaster';
import { useFloorNow, useFloorRules, useSeatParty } from '../api/door-queue';

/**
 * "Seat": the tables free now on the host's view for the party's whole stay (those the party fits first,
 * then the others), one or more ticked; a table free now but booked before the stay ends is listed apart,
 * with the time it is booked. Without a floor the party is seated by seats. A table rule broken asks before
 * going ahead.
 */
export function SeatDialog({ party, date, onClose }: { party: DoorQueuePartyOut | null; date: string; onClose: () => void }) {
  const floor = useFloorNow(date, party !== null);
  const rules = useFloorRules(party !== null);
  const [chosen, setChosen] = useState<string[]>([]);
  const [rule, setRule] = useState<string | null>(null);
  const seat = useSeatParty({
    onSuccess: (seated) => {
      toast({
        title: `${seated.name} seated`,
        description: seated.tables.length ? `Table ${seated.tables.join(' + ')}` : undefined,
        intent: 'success',
      });
      close();
    },
    onError: (error) => {
      if (error instanceof ApiError && error.status === 409) setRule(error.serverMessage ?? 'That table breaks a table rule');
      else toast({ title: 'Could not seat the party', description: errorDescription(error, 'Please try again'), intent: 'danger' });
    },
  });
  const close = () => {
    setChosen([]);
    setRule(null);
    onClose();
  };
  const size = party?.partySize ?? 0;
  // Seated now, the party stays its size's stay: a table whose next booking starts before that is not free.
  const stayEnds = floor.data ? minutesOf(floor.data.time) + stayMinutesFor(rules.data?.stays ?? DEFAULT_STAY_RULES, size) : 0;
  const freeNow = (floor.data?.tables ?? []).filter((t) => t.status === 'free');
  const bookedSoon = freeNow.filter((t) => t.next && minutesOf(t.next.time) < stayEnds);
  const free = freeNow.filter((t) => !bookedSoon.includes(t));
  const fitting = free.filter((t) => t.minSeats <= size && size <= t.maxSeats);
  const others = free.filter((t) => !fitting.includes(t));
  const toggle = (name: string) => setChosen((c) => (c.includes(name) ? c.filter((n) => n !== name) : [...c, name]));
  const tableBox = (t: (typeof freeNow)[number]) => (
    <li key={t.name}>
      <Checkbox
        large
        checked={chosen.includes(t.name)}
        onChange={() => toggle(t.name)}
        label={`Table ${t.name} · ${t.minSeats}–${t.maxSeats} seats · ${t.area}${t.next && bookedSoon.includes(t) ? ` · booked ${formatTime12(t.next.time)}` : ''}`}
      />
    </li>
  );
  return (
    <StaffDialog isOpen={party !== null} onClose={close} title={party ? `Seat ${party.name} (${party.partySize})` : 'Seat'}>
      <DialogBody>
        {floor.isPending ? (
          <Spinner aria-label="Loading the free tables" />
        ) : floor.isError ? (
          <Callout intent="danger">{errorDescription(floor.error, 'Could not load the floor')}</Callout>
        ) : !floor.data.hasFloor ? (
          <p>The café seats by seats (no floor drawn): the party is seated as a walk-in.</p>
        ) : (
          <>
            {free.length === 0 ? (
              <Callout intent="warning">No table is free for their stay right now.</Callout>
            ) : (
              <fieldset className="seat-tables">
                <legend>Free tables</legend>
                <ul className="seat-table-list">
                  {fitting.map(tableBox)}
                  {others.map(tableBox)}
                </ul>
              </fieldset>
            )}
            {bookedSoon.length ? (
              <fieldset className="seat-tables">
                <legend>Free now, booked before their stay ends</legend>
                <ul className="seat-table-list">{bookedSoon.map(tableBox)}</ul>
              </fieldset>
            ) : null}
          </>
        )}
        {rule ? (
          <Callout intent="warning" role="alert" title="Seat them anyway?">
            {rule}
          </Callout>
        ) : null}
      </DialogBody>
      <DialogActions onClose={close}>
        {rule ? (
          <Button intent="warning" onClick={() => party && seat.mutate({ id: party.id, tables: chosen, force: true })}>
            Seat anyway
          </Button>
        ) : null}
        <BusyButton
          intent="primary"
          busy={seat.isPending}
          busyText="Seating..."
          text={chosen.length ? `Seat at ${chosen.join(' + ')}` : 'Seat'}
          onClick={() => {
            if (!party) return;
            // With a floor the party sits at a table: one must be ticked.
            if (floor.data?.hasFloor && chosen.length === 0) toast({ title: 'Choose a table first', intent: 'danger' });
            else seat.mutate({ id: party.id, tables: chosen });
          }}
        />
      </DialogActions>
    </StaffDialog>
  );
}
