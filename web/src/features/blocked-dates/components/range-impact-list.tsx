import { formatLongDate, formatTime12, type RangeBooking } from '@cafe/contracts';

const withoutYear = (date: string) => formatLongDate(date).replace(/, \d{4}$/, '');

/** The bookings a range would close, by date and time: who, how many, and what kind of booking. */
export function RangeImpactList({ bookings }: { bookings: RangeBooking[] }) {
  return (
    <ul className="range-impact-list" aria-label="Bookings in this range">
      {bookings.map((b) => (
        <li key={`${b.kind}:${b.id}`} className="range-impact-row">
          <span className="range-impact-when">
            {withoutYear(b.date)} · {formatTime12(b.time)}
          </span>
          <span className="range-impact-who">
            <strong>{b.name}</strong> · {b.partySize} {b.partySize === 1 ? 'guest' : 'guests'}
            <span className="range-impact-email">{b.email}</span>
          </span>
          <span className="range-impact-kind">{b.label}</span>
        </li>
      ))}
    </ul>
  );
}
