import { Button, Tag } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { StackTable } from '../../../../components/stack-table';
import { ContactCell, EditDeleteButtons, RequestsCell } from '../shared/booking-cells';
import { BOOKING_TONE_COLOURS, formatLongDate, type CalendarEntry } from '@cafe/contracts';
import { ClosedDayFlag } from '../../../../components/closed-day/closed-day-flag';
import type { ClosedDays } from '../../../../lib/blocked-dates';
import { KindMark, sizeText } from './booking-chip';
import { tableText } from '../../../../lib/booking-tables';

interface BookingTableProps {
  entries: CalendarEntry[];
  /** The List View shows the date of each row; Today's view does not need it. */
  showDate?: boolean;
  onEdit: (entry: CalendarEntry) => void;
  onDelete: (entry: CalendarEntry) => void;
  label: string;
  /** The café's closed days: a booking kept on one is flagged. */
  closed: ClosedDays;
  /** Today's view: whether each booking's guests came, and the moves from there (an Arrival column). */
  arrival?: (entry: CalendarEntry) => ReactNode;
  /** Today's view: the games a reservation asked for, with the copies warning (a Games column). */
  games?: (entry: CalendarEntry) => ReactNode;
  /** The day's tables by booking, where the entries do not carry their own (Today's view, from the floor). */
  tables?: ReadonlyMap<string, string[]>;
}

/**
 * Today's Reservations and the List View: reservations are edited or deleted from their row; party
 * rows are view-only here, a click opens the party's own edit dialog.
 */
export function BookingTable({ entries, showDate, onEdit, onDelete, label, closed, arrival, games, tables }: BookingTableProps) {
  return (
    <StackTable
      className="booking-table"
      label={label}
      columns={[
        ...(showDate ? ['Date'] : []),
        'Time',
        'Guest',
        'Party Size',
        ...(arrival ? ['Arrival'] : []),
        'Type',
        ...(games ? ['Games'] : []),
        'Special Requests',
        'Actions',
      ]}
    >
      {entries.map((e) => {
        const party = e.kind === 'party';
        const closedReason = closed.get(e.date);
        const flag = closedReason ? <ClosedDayFlag reason={closedReason} /> : null;
        const seatedAt = tableText(e) ?? tableText({ tables: tables?.get(e.id) });
        return (
          <tr
            key={`${e.kind}-${e.id}`}
            data-booking-id={e.id}
            data-kind={e.kind}
            className={[party ? 'booking-row-party' : '', closedReason ? 'booking-row-closed' : ''].join(' ').trim() || undefined}
            onClick={party ? () => onEdit(e) : undefined}
          >
            {showDate ? (
              <td data-label="Date">
                {formatLongDate(e.date)}
                {flag ? <div className="closed-day-line">{flag}</div> : null}
              </td>
            ) : null}
            <td data-label="Time">
              <span className={`tone-dot tone-${e.tone}`} data-colour={BOOKING_TONE_COLOURS[e.tone]} aria-hidden="true" />
              {e.time12}
              {flag && !showDate ? <div className="closed-day-line">{flag}</div> : null}
            </td>
            <ContactCell label="Guest" booking={e} />
            <td data-label="Party Size">
              {sizeText(e)}
              {seatedAt ? <div className="cell-muted booking-tables">{seatedAt}</div> : null}
            </td>
            {arrival ? (
              <td data-label="Arrival" className="arrival-cell">
                {arrival(e)}
              </td>
            ) : null}
            <td data-label="Type">
              {party ? (
                <Tag intent="success" minimal round className="booking-type-tag">
                  <KindMark kind="party" /> · {e.eventTypeLabel ?? 'Special Event'}
                </Tag>
              ) : (
                <Tag minimal round className="booking-type-tag">
                  <KindMark kind="reservation" />
                </Tag>
              )}
            </td>
            {games ? (
              <td data-label="Games" className="cell-wrap">
                {games(e)}
              </td>
            ) : null}
            <RequestsCell text={e.specialRequests} />
            <td data-label="Actions">
              <div className="row-actions">
                {party ? (
                  <Button size="small" onClick={(ev) => (ev.stopPropagation(), onEdit(e))} aria-label={`Open ${e.name}'s party booking`}>
                    View party
                  </Button>
                ) : (
                  <EditDeleteButtons what={`${e.name}'s reservation`} onEdit={() => onEdit(e)} onDelete={() => onDelete(e)} />
                )}
              </div>
            </td>
          </tr>
        );
      })}
    </StackTable>
  );
}
