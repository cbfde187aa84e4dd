import { BOOKING_TONE_COLOURS, type CalendarEntry } from '@cafe/contracts';
import { ClosedDayFlag, closedDayLabel } from '../../../../components/closed-day/closed-day-flag';

export const sizeText = (e: Pick<CalendarEntry, 'kind' | 'partySize'>) =>
  e.kind === 'party'
    ? `${e.partySize} ${e.partySize === 1 ? 'guest' : 'guests'}`
    : `${e.partySize} ${e.partySize === 1 ? 'person' : 'people'}`;

/** What a screen reader says for a calendar entry: name, size, time (and that it is a party). */
export const entryLabel = (e: CalendarEntry) =>
  `${e.name}, ${sizeText(e)}, ${e.time12}${e.kind === 'party' ? `, ${e.eventTypeLabel ?? 'party'} (party booking)` : ''}`;

interface BookingChipProps {
  entry: CalendarEntry;
  onOpen: (e: CalendarEntry) => void;
  compact?: boolean;
  /** The reason the café is closed that day, when the booking was kept on a closed day. */
  closedReason?: string;
}

/**
 * One booking in the week or month grid: a button (reachable by Tab) coloured by its tone
 * (party green; reservations blue before noon, amber in the afternoon, purple from 5 PM), flagged
 * when it was kept on a closed day.
 */
export function BookingChip({ entry, onOpen, compact, closedReason }: BookingChipProps) {
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
      <span className="booking-chip-name">{entry.name}</span>
      {compact ? null : <span className="booking-chip-size">{sizeText(entry)}</span>}
      {closedReason ? <ClosedDayFlag reason={closedReason} short /> : null}
    </button>
  );
}
