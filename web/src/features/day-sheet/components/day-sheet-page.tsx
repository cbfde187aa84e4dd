import { AnchorButton, Button, Callout, FormGroup, NonIdealState, Spinner } from '@blueprintjs/core';
import { addDays, daySheetEventHeading, daySheetTotalsText, formatLongDate, isIsoDate } from '@cafe/contracts';
import { Navigate, useSearchParams } from 'react-router-dom';
import { CalendarDateInput } from '../../../components/form/calendar-date-input';
import { useAdminStatus } from '../../../lib/auth';
import { useCafeClock } from '../../../lib/cafe-clock';
import { localDate } from '../../../lib/cafe-time';
import { useSiteInfo } from '../../../lib/business-info';
import { usePageTitle } from '../../../lib/use-page-title';
import { useDaySheet } from '../api/get-day-sheet';
import { DaySheetEvents } from './day-sheet-events';
import { DaySheetTable } from './day-sheet-table';
import './day-sheet.css';

/**
 * /admin/day-sheet?date=yyyy-MM-dd: the day's bookings on paper, with what became of each (no-shows and
 * cancellations listed, not counted as guests), their games, and the day's events with their attendees.
 * On screen a date choice and Print; printed (A4 or Letter, the printer's paper) only the heading and rows.
 */
export default function DaySheetPage() {
  const status = useAdminStatus();
  const clock = useCafeClock();
  const [params, setParams] = useSearchParams();
  const asked = params.get('date');
  const date = asked && isIsoDate(asked) ? asked : (clock.data?.today ?? null);
  const sheet = useDaySheet(status.data === 'admin' ? date : null);
  const site = useSiteInfo();
  usePageTitle(date ? `Day sheet ${date}` : 'Day sheet');

  if (status.data === 'signed-out') return <Navigate to="/admin/login" replace />;
  if (status.data === 'not-admin') return <Navigate to="/admin/login?error=access_denied" replace />;

  const rows = sheet.data?.bookings ?? [];
  const events = sheet.data?.events ?? [];
  const today = clock.data?.today;
  return (
    <main className="day-sheet">
      <div className="day-sheet-toolbar">
        <AnchorButton href="/admin" icon="arrow-left" variant="minimal" text="Dashboard" />
        {date && today && (
          <FormGroup label="Date" labelFor="day-sheet-date" inline className="day-sheet-date">
            <CalendarDateInput
              id="day-sheet-date"
              value={date}
              onChange={(next) => next && setParams({ date: next }, { replace: true })}
              minDate={localDate(addDays(today, -366))}
              maxDate={localDate(addDays(today, 366))}
              placeholder="MM/DD/YYYY"
            />
          </FormGroup>
        )}
        <Button icon="print" intent="primary" text="Print" onClick={() => window.print()} disabled={!sheet.data} />
      </div>
      {date && (
        <header className="day-sheet-head">
          <h1>
            {site.name} · {formatLongDate(date)}
          </h1>
          {sheet.data && <p className="ds-totals">{daySheetTotalsText(sheet.data.totals)}</p>}
          {events.length > 0 && <p className="ds-event-totals">{events.map(daySheetEventHeading).join(' · ')}</p>}
        </header>
      )}
      {(status.isPending || sheet.isPending) && !sheet.data && <Spinner aria-label="Loading" />}
      {sheet.isError && (
        <Callout intent="danger" role="alert" title="Could not load the day's bookings">
          <Button size="small" text="Try again" onClick={() => void sheet.refetch()} />
        </Callout>
      )}
      {sheet.data && rows.length === 0 && <NonIdealState title="No bookings on this day" />}
      {rows.length > 0 && <DaySheetTable rows={rows} />}
      {events.length > 0 && <DaySheetEvents events={events} />}
    </main>
  );
}
