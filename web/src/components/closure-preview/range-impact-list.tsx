import { formatTime12, weekdayOf, type OpenTableImpact, type RangeBooking } from '@cafe/contracts';
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

/** The open tables of those bookings: closed with their reservation, each player e-mailed. */
export function OpenTablesImpact({ tables }: { tables: OpenTableImpact[] }) {
  if (tables.length === 0) return null;
  return (
    <>
      <h4 className="range-impact-group">Open tables</h4>
      <ul className="range-impact-list" aria-label="Open tables">
        {tables.map((t) => (
          <li key={t.tableId} className="range-impact-row">
            <span className="range-impact-when">
              <strong>
                {shortDate(t.date)} · {formatTime12(t.time)}
              </strong>
              <span className="range-impact-kind">{t.game}</span>
            </span>
            <span className="range-impact-who">
              <strong>{t.hostFirstName ? `${t.hostFirstName}'s table` : 'A shared table'}</strong> ·{' '}
              {t.players === 1 ? '1 player' : `${t.players} players`} joined or asking
            </span>
          </li>
        ))}
      </ul>
      <p className="range-impact-hint">Cancelling a table's reservation closes the table and e-mails each of its players.</p>
    </>
  );
}
