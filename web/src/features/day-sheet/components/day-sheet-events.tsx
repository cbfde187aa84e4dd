import { daySheetEventHeading, type DaySheetEvent } from '@cafe/contracts';

const placesText = (n: number) => `${n} ${n === 1 ? 'place' : 'places'}`;

/**
 * The day's events, apart from the tables: each with its heading ('Game night 7:00 PM: 12 signed up'),
 * where it is held, how many wait, and its attendees by name with their places: 'Yes' for those
 * checked in already, on paper a box for the door.
 */
export function DaySheetEvents({ events }: { events: DaySheetEvent[] }) {
  return (
    <section className="day-sheet-events" aria-label="Events">
      {events.map((e) => (
        <section key={e.eventId} className="day-sheet-event" aria-labelledby={`ds-event-${e.eventId}`}>
          <h2 id={`ds-event-${e.eventId}`}>{daySheetEventHeading(e)}</h2>
          {e.location || e.waitlisted ? (
            <p className="ds-event-facts">
              {[e.location, e.waitlisted ? `${e.waitlisted} on the waitlist` : null].filter(Boolean).join(' · ')}
            </p>
          ) : null}
          {e.attendees.length > 0 ? (
            <table className="day-sheet-table ds-attendees">
              <thead>
                <tr>
                  <th scope="col" className="ds-name">
                    Name
                  </th>
                  <th scope="col" className="ds-places">
                    Places
                  </th>
                  <th scope="col" className="ds-phone">
                    Phone
                  </th>
                  <th scope="col" className="ds-here">
                    Checked in
                  </th>
                </tr>
              </thead>
              <tbody>
                {e.attendees.map((a) => (
                  <tr key={a.id} className="day-sheet-attendee" data-checked-in={a.checkedIn}>
                    <td className="ds-name" data-label="Name">
                      {a.name}
                    </td>
                    <td className="ds-places" data-label="Places">
                      {placesText(a.places)}
                    </td>
                    <td className="ds-phone" data-label="Phone">
                      {a.phone}
                    </td>
                    <td className="ds-here" data-label="Checked in">
                      {a.checkedIn ? 'Yes' : <span className="ds-box" aria-hidden="true" />}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          ) : e.capacity !== null ? (
            <p className="ds-event-facts">Nobody has signed up.</p>
          ) : null}
        </section>
      ))}
    </section>
  );
}
