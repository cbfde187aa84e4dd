import { Checkbox } from '@blueprintjs/core';
import { eventTypeLabel, type CalendarEntry } from '@cafe/contracts';

interface Column {
  key: string;
  label: string;
  cell: (b: CalendarEntry) => string;
}

/**
 * What the sheet prints per booking, in order. Games join as one more entry here once bookings carry
 * them (a later issue); the print widths live in day-sheet.css by `key`.
 */
export const DAY_SHEET_COLUMNS: Column[] = [
  { key: 'time', label: 'Time', cell: (b) => b.time12 },
  { key: 'size', label: 'Size', cell: (b) => String(b.partySize) },
  { key: 'name', label: 'Name', cell: (b) => b.name },
  { key: 'phone', label: 'Phone', cell: (b) => b.phone },
  { key: 'kind', label: 'Type', cell: (b) => (b.kind === 'reservation' ? 'Table' : b.eventType ? eventTypeLabel(b.eventType) : 'Party') },
  { key: 'requests', label: 'Requests', cell: (b) => b.specialRequests ?? '' },
  { key: 'notes', label: 'Notes', cell: (b) => b.adminNotes ?? '' },
];

/**
 * The day's bookings by time, one row each, with a box to tick when the guests arrive: Blueprint's
 * checkbox on screen, an empty square on paper. On a phone each row is a card whose cells carry their
 * column name (data-label), as the dashboard's tables do (components/stack-table).
 */
export function DaySheetTable({ entries }: { entries: CalendarEntry[] }) {
  return (
    <table className="day-sheet-table">
      <thead>
        <tr>
          {DAY_SHEET_COLUMNS.map((c) => (
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
        {entries.map((b) => (
          <tr key={`${b.kind}:${b.id}`} className="day-sheet-row">
            {DAY_SHEET_COLUMNS.map((c) => (
              <td key={c.key} className={`ds-${c.key}`} data-label={c.label}>
                {c.cell(b)}
              </td>
            ))}
            <td className="ds-here" data-label="Here">
              <Checkbox className="ds-check" aria-label={`${b.name} is here`} />
              <span className="ds-box" aria-hidden="true" />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
