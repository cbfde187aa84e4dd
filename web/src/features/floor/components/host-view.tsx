import { Button, Callout, InputGroup, NonIdealState, Spinner } from '@blueprintjs/core';
import { formatLongDate, formatTime12, tableMoveText, UNPLACED_TITLE, type StayOut, type TableMove } from '@cafe/contracts';
import { useEffect, useMemo, useState } from 'react';
import { AdminDateInput } from '../../../components/form/admin-date-input';
import { StaffDialog } from '../../../components/staff-dialog';
import { errorDescription } from '../../../lib/api-client';
import { useCafeToday } from '../../../lib/cafe-clock';
import { toast } from '../../../lib/toaster';
import { useFloor } from '../api/floor';
import { tableRuleMessage, useFloorView, useMoveTables } from '../api/floor-view';
import { HostList, HostPlan } from './host-plan';
import { guestsText, tablesText, type ViewTable } from './host-status';
import { StayTimeline } from './stay-timeline';
import { TablePanel } from './table-panel';

/** A booking being moved: picked on the floor (or from the unplaced list), waiting for its target table. */
interface Moving {
  bookingId: string;
  date: string;
  name: string;
  partySize: number;
  tables: string[];
}

/**
 * The host's view of a day: the floor plan at now (or a chosen time) with each table's state, a
 * selected table's moves beside it, and the timeline of the day's stays. On a phone a list by table,
 * the selected table's moves in a dialog.
 */
export function HostView({ narrow, onEditFloor }: { narrow: boolean; onEditFloor: () => void }) {
  const today = useCafeToday();
  const [date, setDate] = useState(today);
  const [time, setTime] = useState('');
  const view = useFloorView(date, time);
  const floor = useFloor();
  const [selected, setSelected] = useState<string | null>(null);
  const [moving, setMoving] = useState<Moving | null>(null);
  const [refused, setRefused] = useState<{ move: TableMove; message: string } | null>(null);
  const move = useMoveTables({
    onSuccess: (_out, vars) => {
      const from = moving?.bookingId === vars.bookingId ? moving.tables : [];
      setMoving(null);
      setRefused(null);
      // On a phone the table's moves open in a dialog: the list stays in view after a move.
      setSelected(narrow ? null : (vars.tables[0] ?? null));
      toast({ title: `Moved to ${tablesText(vars.tables)}`, description: tableMoveText(from, vars.tables), intent: 'success' });
    },
    onError: (error, vars) => {
      const rule = tableRuleMessage(error);
      if (rule && !vars.force) setRefused({ move: vars, message: rule });
      else toast({ title: 'Could not move the booking', description: errorDescription(error, 'Please try again.'), intent: 'danger' });
    },
  });
  useEffect(() => {
    const onKey = (ev: KeyboardEvent) => ev.key === 'Escape' && setMoving(null);
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
  const targets = useMemo(
    () => [...(view.data?.tables ?? []).map((t) => [t.name]), ...(floor.data?.combinations ?? []).map((c) => c.tables)],
    [view.data, floor.data],
  );
  const requestMove = (stay: Pick<Moving, 'bookingId' | 'date' | 'name' | 'partySize' | 'tables'>, tables: string[]) => {
    setMoving({ ...stay });
    move.mutate({ date: stay.date, bookingId: stay.bookingId, tables });
  };
  const startMove = (stay: StayOut) => {
    setRefused(null);
    setMoving({ bookingId: stay.bookingId, date, name: stay.name, partySize: stay.partySize, tables: stay.tables });
  };
  const onTap = (table: ViewTable) => {
    if (moving) {
      if (!moving.tables.includes(table.name)) requestMove(moving, [table.name]);
      else setMoving(null);
      return;
    }
    setSelected(table.name === selected && !narrow ? null : table.name);
  };
  const live = date === today && time === '';
  const table = view.data?.tables.find((t) => t.name === selected) ?? null;
  const panel = table ? (
    <TablePanel
      table={table}
      date={date}
      live={live}
      targets={targets}
      onStartMove={(stay) => {
        startMove(stay);
        if (narrow) setSelected(null);
      }}
      onMove={(stay, tables) => requestMove({ ...stay, date }, tables)}
    />
  ) : null;

  return (
    <div className="host-view">
      <div className="host-controls">
        <div className="host-control">
          <label htmlFor="floor-view-date" className="bp6-label">
            Date
          </label>
          <AdminDateInput id="floor-view-date" value={date} onChange={(next) => next && setDate(next)} />
        </div>
        <div className="host-control">
          <label htmlFor="floor-view-time" className="bp6-label">
            Time
          </label>
          <InputGroup id="floor-view-time" type="time" value={time} step={900} onValueChange={setTime} />
        </div>
        <Button onClick={() => (setDate(today), setTime(''))} disabled={live}>
          Now
        </Button>
        <p className="muted host-when">
          {formatLongDate(date)}
          {view.data ? ` · ${live ? 'now,' : 'at'} ${formatTime12(view.data.time)}` : ''}
        </p>
      </div>
      {moving ? (
        <Callout intent="primary" className="host-moving" role="status" icon="move">
          <span>
            Moving {moving.name} ({guestsText(moving.partySize)}) from {moving.tables.length ? tablesText(moving.tables) : 'no table'}: tap
            the table to move to.
          </span>
          <Button size="small" onClick={() => (setMoving(null), setRefused(null))}>
            Cancel move
          </Button>
        </Callout>
      ) : null}
      {refused ? (
        <Callout intent="warning" className="host-refused" role="alert" title="This move breaks a table rule">
          <p>{refused.message}</p>
          <div className="stay-actions">
            <Button intent="warning" loading={move.isPending} onClick={() => move.mutate({ ...refused.move, force: true })}>
              Move anyway
            </Button>
            <Button onClick={() => (setRefused(null), setMoving(null))}>Keep it</Button>
          </div>
        </Callout>
      ) : null}
      {view.isPending ? (
        <Spinner aria-label="Loading the floor" />
      ) : view.isError ? (
        <Callout intent="danger" role="alert">
          {errorDescription(view.error, 'The floor could not be loaded. Please try again.')}
        </Callout>
      ) : !view.data.hasFloor ? (
        <NonIdealState
          title="No tables yet"
          description="The café seats by its seat capacity. Draw the floor to seat by table."
          action={<Button intent="primary" onClick={onEditFloor} text="Edit floor" />}
        />
      ) : (
        <>
          {view.data.unplaced.length ? (
            <Callout intent="warning" title={UNPLACED_TITLE} className="host-unplaced">
              <ul>
                {view.data.unplaced.map((u) => (
                  <li key={u.bookingId}>
                    {formatLongDate(u.date)} {formatTime12(u.time)} · {u.name} · {guestsText(u.partySize)}{' '}
                    <Button size="small" onClick={() => setMoving({ ...u, tables: [] })} aria-label={`Place ${u.name}`}>
                      Place
                    </Button>
                  </li>
                ))}
              </ul>
            </Callout>
          ) : null}
          <div className="host-layout">
            <div className="host-floor">
              {narrow ? (
                <HostList view={view.data} selected={selected} movingFrom={moving?.tables ?? null} onTap={onTap} />
              ) : (
                <HostPlan view={view.data} selected={selected} movingFrom={moving?.tables ?? null} onTap={onTap} />
              )}
            </div>
            {narrow ? null : (
              <aside className="host-panel" aria-label="Selected table">
                {panel ?? <p className="muted">Tap a table to seat a walk-in, move its booking or change its stay.</p>}
              </aside>
            )}
          </div>
          <StayTimeline view={view.data} onOpen={(stay) => setSelected(stay.tables[0] ?? null)} />
        </>
      )}
      {narrow ? (
        <StaffDialog isOpen={!!panel && !moving} onClose={() => setSelected(null)} title={table ? tablesText([table.name]) : ''}>
          <div className="bp6-dialog-body">{panel}</div>
        </StaffDialog>
      ) : null}
    </div>
  );
}
