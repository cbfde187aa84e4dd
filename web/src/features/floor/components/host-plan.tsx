import type { FloorView } from '@cafe/contracts';
import type { ReactNode } from 'react';
import { extentOf, sizeOf } from './plan-geometry';

/** The host's plan is drawn larger than the editor's, so each table has room for its state and guest. */
const HOST_CELL_PX = 30;
import { guestsText, statusText, tablesText, type ViewTable } from './host-status';

export interface HostTablesProps {
  view: FloorView;
  selected: string | null;
  /** A booking being moved: every table is a target, the one it sits at is marked. */
  movingFrom: string[] | null;
  onTap: (table: ViewTable) => void;
}

const areasOf = (tables: ViewTable[]) => {
  const byArea = new Map<string, ViewTable[]>();
  for (const t of tables) byArea.set(t.area, [...(byArea.get(t.area) ?? []), t]);
  return [...byArea];
};

const tableClass = (t: ViewTable, selected: string | null, movingFrom: string[] | null) =>
  [
    'plan-table',
    `plan-shape-${t.shape}`,
    `table-${t.status}`,
    t.status === 'free' && (t.current ?? t.next) ? 'table-next' : '',
    selected === t.name ? 'table-selected' : '',
    movingFrom?.includes(t.name) ? 'table-moving-from' : '',
  ]
    .filter(Boolean)
    .join(' ');

/** Words a screen reader says between what the table shows ("Table 7, 1–2 seats, free"); edge spaces are no-break ones, which do not collapse. */
const Unseen = ({ children }: { children: ReactNode }) => <span className="visually-hidden">{children}</span>;

/** The floor plan at the view's time, one plan per area: each table shows its state; a tap selects it (or is a move's target). */
export function HostPlan({ view, selected, movingFrom, onTap }: HostTablesProps) {
  return (
    <div className="host-plans">
      {areasOf(view.tables).map(([area, tables]) => {
        const { cols, rows } = extentOf(tables);
        return (
          <section key={area} className="host-area" aria-label={area}>
            <h4>{area}</h4>
            <div className="floor-plan-scroll">
              <div className="floor-plan" style={{ width: cols * HOST_CELL_PX, height: rows * HOST_CELL_PX }}>
                {tables.map((t) => {
                  const { w, h } = sizeOf(t.shape, t.maxSeats);
                  const who = t.current ?? t.next;
                  return (
                    <button
                      type="button"
                      key={t.name}
                      className={tableClass(t, selected, movingFrom)}
                      data-table={t.name}
                      data-status={t.status}
                      aria-pressed={selected === t.name}
                      style={{ left: t.x * HOST_CELL_PX, top: t.y * HOST_CELL_PX, width: w * HOST_CELL_PX, height: h * HOST_CELL_PX }}
                      onClick={() => onTap(t)}
                    >
                      <span className="plan-table-name">
                        <Unseen>{'Table\u00a0'}</Unseen>
                        {t.name}
                        <Unseen>{`, ${t.minSeats}–${t.maxSeats} seats,\u00a0`}</Unseen>
                      </span>
                      <span className="plan-table-state">{statusText(t)}</span>
                      {who ? (
                        <span className="plan-table-who">
                          <Unseen>{',\u00a0'}</Unseen>
                          {who.name}
                          <Unseen>, {guestsText(who.partySize)}</Unseen>
                        </span>
                      ) : null}
                    </button>
                  );
                })}
              </div>
            </div>
          </section>
        );
      })}
    </div>
  );
}

/** On a phone: the same tables as a list by table, grouped by area. */
export function HostList({ view, selected, movingFrom, onTap }: HostTablesProps) {
  return (
    <div className="host-lists">
      {areasOf(view.tables).map(([area, tables]) => (
        <section key={area} className="host-area" aria-label={area}>
          <h4>{area}</h4>
          <ul className="host-table-list">
            {tables.map((t) => {
              const who = t.current ?? t.next;
              return (
                <li key={t.name}>
                  <button
                    type="button"
                    className={`host-table-item ${tableClass(t, selected, movingFrom)}`}
                    data-table={t.name}
                    data-status={t.status}
                    aria-pressed={selected === t.name}
                    onClick={() => onTap(t)}
                  >
                    <span className="host-item-name">
                      {tablesText([t.name])}
                      <span className="muted">
                        {' '}
                        · {t.minSeats}–{t.maxSeats} seats
                      </span>
                      <Unseen>{',\u00a0'}</Unseen>
                    </span>
                    <span className="plan-table-state">{statusText(t)}</span>
                    {who ? (
                      <span className="plan-table-who">
                        <Unseen>{',\u00a0'}</Unseen>
                        {who.name} · {guestsText(who.partySize)}
                      </span>
                    ) : null}
                  </button>
                </li>
              );
            })}
          </ul>
        </section>
      ))}
    </div>
  );
}
