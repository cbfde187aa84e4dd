import { Button, HTMLTable, Tag } from '@blueprintjs/core';
import { BOOKING_TONE_COLOURS, formatLongDate, type CalendarEntry } from '@cafe/contracts';
import { sizeText } from './booking-chip';

interface BookingTableProps {
  entries: CalendarEntry[];
  /** The List View shows the date of each row; Today's view does not need it. */
  showDate?: boolean;
  onEdit: (entry: CalendarEntry) => void;
  onDelete: (entry: CalendarEntry) => void;
  label: string;
}

/**
 * Today's Reservations and the List View: reservations are edited or deleted from their row; party
 * rows are view-only here, a click opens the party's own edit dialog.
 */
export function BookingTable({ entries, showDate, onEdit, onDelete, label }: BookingTableProps) {
  return (
    <HTMLTable className="stack-table booking-table" striped aria-label={label}>
      <thead>
        <tr>
          {showDate ? <th scope="col">Date</th> : null}
          <th scope="col">Time</th>
          <th scope="col">Guest</th>
          <th scope="col">Party Size</th>
          <th scope="col">Type</th>
          <th scope="col">Special Requests</th>
          <th scope="col">Actions</th>
        </tr>
      </thead>
      <tbody>
        {entries.map((e) => {
          const party = e.kind === 'party';
          return (
            <tr
              key={`${e.kind}-${e.id}`}
              data-booking-id={e.id}
              data-kind={e.kind}
              className={party ? 'booking-row-party' : undefined}
              onClick={party ? () => onEdit(e) : undefined}
            >
              {showDate ? <td data-label="Date">{formatLongDate(e.date)}</td> : null}
              <td data-label="Time">
                <span className={`tone-dot tone-${e.tone}`} data-colour={BOOKING_TONE_COLOURS[e.tone]} aria-hidden="true" />
                {e.time12}
              </td>
              <td data-label="Guest">
                <strong>{e.name}</strong>
                <div className="cell-muted">{e.email}</div>
                <div className="cell-muted">{e.phone}</div>
              </td>
              <td data-label="Party Size">{sizeText(e)}</td>
              <td data-label="Type">
                {party ? (
                  <Tag intent="success" minimal round>
                    Party · {e.eventTypeLabel ?? 'Special Event'}
                  </Tag>
                ) : (
                  <Tag minimal round>
                    Table
                  </Tag>
                )}
              </td>
              <td data-label="Special Requests" className="cell-wrap">
                {e.specialRequests || <span className="cell-muted">None</span>}
              </td>
              <td data-label="Actions">
                <div className="row-actions">
                  {party ? (
                    <Button size="small" onClick={(ev) => (ev.stopPropagation(), onEdit(e))} aria-label={`Open ${e.name}'s party booking`}>
                      View party
                    </Button>
                  ) : (
                    <>
                      <Button size="small" onClick={() => onEdit(e)} aria-label={`Edit ${e.name}'s reservation`}>
                        Edit
                      </Button>
                      <Button
                        size="small"
                        intent="danger"
                        variant="outlined"
                        onClick={() => onDelete(e)}
                        aria-label={`Delete ${e.name}'s reservation`}
                      >
                        Delete
                      </Button>
                    </>
                  )}
                </div>
              </td>
            </tr>
          );
        })}
      </tbody>
    </HTMLTable>
  );
}
