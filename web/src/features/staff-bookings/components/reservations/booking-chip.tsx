import { BOOKING_TONE_COLOURS, type CalendarEntry } from '@cafe/contracts';
import { GlassIcon } from '@blueprintjs/icons/lib/esm/generated/components/glass';
import { PeopleIcon } from '@blueprintjs/icons/lib/esm/generated/components/people';
import { ClosedDayFlag, closedDayLabel } from '../../../../components/closed-day/closed-day-flag';
import { tableText } from '../../../../lib/booking-tables';

export const sizeText = (e: Pick<CalendarEntry, 'kind' | 'partySize'>) =>
  e.kind === 'party'
    ? `${e.partySize} ${e.partySize === 1 ? 'guest' : 'guests'}`
    : `${e.partySize} ${e.partySize === 1 ? 'person' : 'people'}`;

/** What a screen reader says for a calendar entry: name, size, time (and that it is a party). */
export const entryLabel = (e: CalendarEntry) =>
  `${e.name}, ${sizeText(e)}, ${e.time12}${tableText(e) ? `, ${tableText(e)}` : ''}${e.kind === 'party' ? `, ${e.eventTypeLabel ?? 'party'} (party booking)` : ''}`;

/** A party and a table tell themselves apart by a word and an icon, not by colour alone (styles/README.md). */
export function KindMark({ kind, className }: { kind: CalendarEntry['kind']; className?: string }) {
  return (
    <span className={`booking-kind booking-kind-${kind}${className ? ` ${className}` : ''}`}>
      {kind === 'party' ? <GlassIcon size={12} aria-hidden="true" /> : <PeopleIcon size={12} aria-hidden="true" />}
      {kind === 'party' ? 'Party' : 'Table'}
    </span>
  );
}

interface BookingChipProps {
  entry: CalendarEntry;
  onOpen: (e: CalendarEntry) => void;
  /** The grids' smaller type (week and month). */
  compact?: boolean;
  /** The party size; the month's small cells leave it out (the week and the phone lists show it). */
  showSize?: boolean;
  /** The reason the café is closed that day, when the booking was kept on a closed day. */
  closedReason?: string;
}

/**
 * One booking in the week or month grid: a button (reachable by Tab) coloured by its tone
 * (party green; reservations blue before noon, amber in the afternoon, purple from 5 PM), marked
 * Party or Table with an icon, flagged when it was kept on a closed day.
 */
export function BookingChip({ entry, onOpen, compact, showSize = true, closedReason }: BookingChipProps) {
  const label = closedReason ? `${entryLabel(entry)}, ${closedDayLabel(closedReason)}` : entryLabel(entry);
  return (
    <button
      type="button"
      className={`booking-chip tone-${entry.tone}${compact ? ' booking-chip-compact' : ''}`}
      data-tone={entry.tone}
      data-colour={BOOKING_TONE_COLOURS[entry.tone]}
      data-booking-id={entry.id}
      data-closed-day={closedReason ? true : undefined}
      aria-label={label}
      title={label}
      onClick={() => onOpen(entry)}
    >
      <span className="booking-chip-time">{entry.time12}</span>
      <KindMark kind={entry.kind} className="booking-chip-kind" />
      <span className="booking-chip-name">{entry.name}</span>
      {showSize ? <span className="booking-chip-size">{sizeText(entry)}</span> : null}
      {showSize && tableText(entry) ? <span className="booking-chip-size booking-chip-table">{tableText(entry)}</span> : null}
      {closedReason ? <ClosedDayFlag reason={closedReason} short /> : null}
    </button>
  );
}
