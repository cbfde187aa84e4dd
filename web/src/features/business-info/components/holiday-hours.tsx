import { DEFAULT_TIME_ZONE } from '@cafe/contracts/business';
import { upcomingExceptions, type OpeningHours } from '@cafe/contracts/opening-hours';
import { Fragment } from 'react';
import './holiday-hours.css';

const cafeDay = new Intl.DateTimeFormat('en-CA', { timeZone: DEFAULT_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });

/**
 * The holiday hours still ahead (closed, or other hours, on a date), under the weekly hours: what the
 * booking form and the server follow on those dates. Nothing when there are none.
 */
export function HolidayHours({ hours }: { hours: OpeningHours | undefined }) {
  // 'en-CA' writes yyyy-MM-dd: the café's today, wherever the page renders.
  const upcoming = hours ? upcomingExceptions(hours, cafeDay.format(new Date())) : [];
  if (upcoming.length === 0) return null;
  return (
    <>
      <h4 className="holiday-hours-title">Holiday hours</h4>
      <dl className="hours holiday-hours">
        {upcoming.map((e) => (
          <Fragment key={e.date}>
            <dt>{e.day}</dt>
            <dd>{e.text}</dd>
          </Fragment>
        ))}
      </dl>
    </>
  );
}
