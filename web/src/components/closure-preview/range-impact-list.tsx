import { formatTime12, weekdayOf, type RangeBooking } from '@cafe/contracts';
import { GuestEmail } from '../guest-email';

const DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** 'Thu, Dec 24': the range's title already names the year. */
const shortDate = (date: string) => `${DAYS[weekdayOf(date) % 7]}, ${MONTHS[Number(date.slice(5, 7)) - 1]} ${Number(date.slice(8, 10))}`;

/** '4 guests', or a game night's sign-up's '2 places'. */
const sizeOf = ({ kind, partySize: n }: RangeBooking) =>
  kind === 'signUp' ? `${n} ${n === 1 ? 'place' : 'places'}` : `${n} ${n === 1 ? 'guest' : 'guests'}`;

/** The bookings a closure would close, by date and time: who, how many, and what kind of booking. */
export function RangeImpactList({ bookings, label }: { bookings: RangeBooking[]; label: string }) {
  return (
    <ul className="range-impact-list" aria-label={label}>
      {bookings.map((b) => (
        <li key={`${b.kind}:${b.id}`} className="range-impact-row">
          <span className="range-impact-when">
            <strong>
              {shortDate(b.date)} · {formatTime12(b.time)}
            </strong>
            <span className="range-impact-kind">{b.label}</span>
          </span>
          <span className="range-impact-who">
            <strong>{b.name}</strong> · <span className="range-impact-size">{sizeOf(b)}</span>
            {/* Closing the day mails the guest why; one with no e-mail must be called. */}
            <GuestEmail email={b.email} className="range-impact-email" />
          </span>
        </li>
      ))}
    </ul>
  );
}
