import { formatTime12, type DayCovers } from '@cafe/contracts';

const hourText = (h: number) => formatTime12(`${String(h).padStart(2, '0')}:00`).replace(':00', '');
/** Light to dark as the café fills; red at or past capacity. */
export const fillClass = (seated: number, capacity: number) => {
  const share = capacity > 0 ? seated / capacity : 0;
  return share >= 1
    ? 'covers-full'
    : share >= 0.75
      ? 'covers-busy'
      : share >= 0.4
        ? 'covers-mid'
        : share > 0
          ? 'covers-low'
          : 'covers-none';
};

/** Seats held per hour against the capacity (a bar each), the day's covers, and its event guests apart. */
export function CoversStrip({ day, capacity, title }: { day: DayCovers; capacity: number; title: string }) {
  return (
    <section className="covers" aria-label={title} data-date={day.date}>
      <p className="covers-total">
        <strong>{day.total}</strong> {day.total === 1 ? 'cover' : 'covers'}
        {day.eventGuests ? (
          <>
            {' '}
            · <strong>{day.eventGuests}</strong> {day.eventGuests === 1 ? 'event guest' : 'event guests'}
          </>
        ) : null}{' '}
        · {capacity} seats
      </p>
      {day.hours.length === 0 ? null : (
        <ol className="covers-strip">
          {day.hours.map((h) => (
            <li key={h.hour} className={`covers-hour ${fillClass(h.seated, capacity)}`} data-hour={h.hour}>
              <span className="covers-hour-label">{hourText(h.hour)}</span>
              <span className="covers-bar" aria-hidden="true">
                <span style={{ height: `${Math.min(100, capacity > 0 ? (h.seated / capacity) * 100 : 0)}%` }} />
              </span>
              <span className="covers-figure">{h.seated}</span>
              <span className="visually-hidden"> of {capacity} seats taken</span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
