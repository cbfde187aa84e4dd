import { Checkbox } from '@blueprintjs/core';
import { DAY_SHEET_STATUS_LABELS, daySheetTablesText, formatTime12, notComing, type DaySheetRow } from '@cafe/contracts';

interface Column {
  key: string;
  label: string;
  cell: (b: DaySheetRow) => string;
  /** Left off a day on which no booking has anything in it: paper is narrow. */
  optional?: true;
}

/** 'Seated · walk-in', 'No-show', 'Expected'. */
const statusText = (b: DaySheetRow) => `${DAY_SHEET_STATUS_LABELS[b.status]}${b.walkIn ? ' · walk-in' : ''}`;
/** 'Catan, Azul · Teach us'. */
const gamesText = (b: DaySheetRow) => [b.games.join(', '), b.teachUs ? 'Teach us' : ''].filter(Boolean).join(' · ');

/** 'Table 3 until 8:00 PM · Table: 4 → 3': with a floor, where it sits and until when, and staff's moves. */
const tableText = (b: DaySheetRow) => [daySheetTablesText(b), ...(b.tableMoves ?? [])].filter(Boolean).join(' · ');

/** What the sheet prints per booking, in order; the print widths live in day-sheet.css by `key`. */
export const DAY_SHEET_COLUMNS: Column[] = [
  { key: 'time', label: 'Time', cell: (b) => formatTime12(b.time) },
  { key: 'size', label: 'Size', cell: (b) => String(b.partySize) },
  { key: 'table', label: 'Table', cell: tableText, optional: true },
  { key: 'name', label: 'Name', cell: (b) => b.name },
  { key: 'phone', label: 'Phone', cell: (b) => b.phone },
  { key: 'kind', label: 'Type', cell: (b) => b.type },
  { key: 'games', label: 'Games', cell: gamesText, optional: true },
  { key: 'requests', label: 'Requests', cell: (b) => b.specialRequests ?? '', optional: true },
  { key: 'notes', label: 'Notes', cell: (b) => b.adminNotes ?? '', optional: true },
];

/** Marked as come: the box is ticked already, on screen and on paper. */
const came = (b: DaySheetRow) => b.status === 'arrived' || b.status === 'seated' || b.status === 'finished';

/**
 * The day's bookings by time, one row each, and in its last column whether the guests came: a box to
 * tick when they arrive (Blueprint's checkbox on screen, a square on paper), ticked with the status once
 * staff marked them (Arrived, Seated…), or the word alone for a no-show or a cancelled booking, which is
 * listed struck through and left out of the guests. One column for both keeps the paper's width for the
 * guests' requests. On a phone each row is a card whose cells carry their column name (data-label), as
 * the dashboard's tables do (components/stack-table).
 */
export function DaySheetTable({ rows }: { rows: DaySheetRow[] }) {
  const columns = DAY_SHEET_COLUMNS.filter((c) => !c.optional || rows.some((b) => c.cell(b) !== ''));
  return (
    <table className="day-sheet-table">
      <thead>
        <tr>
          {columns.map((c) => (
            <th key={c.key} scope="col" className={`ds-${c.key}`}>
              {c.label}
            </th>
          ))}
          <th scope="col" className="ds-here">
            Here
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((b) => (
          <tr key={`${b.kind}:${b.id}`} className={`day-sheet-row${notComing(b.status) ? ' ds-not-coming' : ''}`} data-status={b.status}>
            {columns.map((c) => (
              <td key={c.key} className={`ds-${c.key}`} data-label={c.label}>
                {c.cell(b)}
              </td>
            ))}
            <td className="ds-here" data-label="Here">
              {notComing(b.status) ? null : (
                <>
                  <Checkbox className="ds-check" aria-label={`${b.name} is here`} defaultChecked={came(b)} />
                  <span className={`ds-box${came(b) ? ' ds-box-ticked' : ''}`} aria-hidden="true" />
                </>
              )}
              {/* 'Expected' on screen; on paper the empty box says it. */}
              <span className={`ds-status${b.status === 'expected' ? ' ds-expected' : ''}`}>{statusText(b)}</span>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
