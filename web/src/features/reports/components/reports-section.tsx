import { AnchorButton, Callout, Spinner } from '@blueprintjs/core';
import { REPORT_NO_SIGN_UPS } from '@cafe/contracts';
import { useState } from 'react';
import { LoadError } from '../../../components/content-states';
import { useCafeClock } from '../../../lib/cafe-clock';
import { bookingsCsvPath, useReport, type ReportRange } from '../api/get-report';
import { ChartCard } from './chart-card';
import {
  BookingsMadeChart,
  CoversByHourChart,
  CoversByWeekdayChart,
  DoorQueueWaitChart,
  EventFillChart,
  LeadTimeChart,
  NoShowsChart,
  PartyApprovalsChart,
  TableUseChart,
} from './report-charts';
import { presetRange, rangeProblem, ReportRangePicker } from './report-range';
import './reports.css';

const percent = (rate: number | null) => (rate === null ? '–' : `${Math.round(rate * 1000) / 10} %`);
const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * The dashboard's Reports section: a date range, then each report as a chart with its figures and a
 * CSV of them; the range's bookings as CSV. Its code (and the chart library) loads only with this tab.
 */
export default function ReportsSection() {
  const clock = useCafeClock();
  const [picked, setPicked] = useState<ReportRange | null>(null);
  const today = clock.data?.today;
  const range = picked ?? (today ? presetRange('month', today) : null);
  const valid = range && !rangeProblem(range) ? range : null;
  const report = useReport(valid);

  return (
    <div className="content-section reports-section">
      <div className="reports-head">
        <h2>Reports</h2>
        {valid && <AnchorButton icon="export" href={bookingsCsvPath(valid)} download text="Export bookings (CSV)" />}
      </div>
      {range && today && <ReportRangePicker value={range} today={today} onChange={setPicked} />}
      {clock.isError && <LoadError what="the café's date" onRetry={() => void clock.refetch()} />}
      {report.isError && <LoadError what="the reports" onRetry={() => void report.refetch()} />}
      {/* Loading only while there is something to load: the café's date, or a valid range's figures.
          An invalid range asks for nothing (its query is disabled), so it shows just its error. */}
      {((clock.isPending && !picked) || (valid && report.isPending)) && <Spinner aria-label="Loading reports" />}
      {report.data && valid && <Reports report={report.data} range={{ from: report.data.from, to: report.data.to }} />}
    </div>
  );
}

function Reports({ report, range }: { report: NonNullable<ReturnType<typeof useReport>['data']>; range: ReportRange }) {
  const covers = report.coversByWeekday.reduce((n, r) => n + r.covers, 0);
  const eventGuests = report.coversByWeekday.reduce((n, r) => n + r.eventGuests, 0);
  const made = report.bookingsMade.reduce((n, r) => n + r.reservations + r.parties, 0);
  const past = report.noShows.days.reduce((n, d) => n + d.bookings, 0);
  const events = report.eventFill.events;
  const { tableUse } = report;
  const { offers, doorQueue: queue } = report.waitlists;
  return (
    <div className="reports-grid">
      <ChartCard
        chart="covers-by-weekday"
        title="Covers per weekday"
        summary={`${covers} ${covers === 1 ? 'person' : 'people'} booked${
          eventGuests ? `, ${eventGuests} ${eventGuests === 1 ? 'event guest' : 'event guests'}` : ''
        }`}
        report={report}
        range={range}
      >
        <CoversByWeekdayChart report={report} />
      </ChartCard>
      <ChartCard
        chart="covers-by-hour"
        title="Covers per hour"
        summary="By the hour each booking starts"
        report={report}
        range={range}
        empty={report.coversByHour.length ? undefined : 'No bookings in this range'}
      >
        <CoversByHourChart report={report} />
      </ChartCard>
      <ChartCard
        chart="bookings-made"
        title="Bookings made per day"
        summary={`${made} ${made === 1 ? 'booking' : 'bookings'} made`}
        report={report}
        range={range}
      >
        <BookingsMadeChart report={report} />
      </ChartCard>
      <ChartCard
        chart="no-shows"
        title="No-show rate"
        summary={`${percent(report.noShows.rate)} of ${past} ${past === 1 ? 'booking' : 'bookings'} up to today`}
        report={report}
        range={range}
        empty={past ? undefined : 'No past bookings in this range'}
      >
        <NoShowsChart report={report} />
      </ChartCard>
      <ChartCard
        chart="party-approvals"
        title="Party approval rate"
        summary={`${percent(report.partyApprovals.rate)} of ${report.partyApprovals.approved + report.partyApprovals.rejected} decided requests approved`}
        report={report}
        range={range}
        empty={report.partyApprovals.requested ? undefined : 'No party requests in this range'}
      >
        <PartyApprovalsChart report={report} />
      </ChartCard>
      <ChartCard
        chart="party-lead-time"
        title="Party lead time"
        summary={
          report.partyLeadTime.averageDays === null
            ? 'No party requests in this range'
            : `Average ${report.partyLeadTime.averageDays} days ahead`
        }
        report={report}
        range={range}
        empty={report.partyApprovals.requested ? undefined : 'No party requests in this range'}
      >
        <LeadTimeChart report={report} />
      </ChartCard>
      <ChartCard
        chart="event-fill"
        title="Event fill rate"
        summary={events.length ? `${events.length} ${events.length === 1 ? 'event' : 'events'}` : undefined}
        report={report}
        range={range}
        empty={events.length ? undefined : 'No events in this range'}
      >
        {!report.eventFill.signUpsRecorded && (
          <Callout intent="primary" icon="info-sign" className="report-note">
            {REPORT_NO_SIGN_UPS} for the events of this range: their fill rate is 0.
          </Callout>
        )}
        <EventFillChart report={report} />
      </ChartCard>
      <ChartCard
        chart="table-use"
        title="Table use"
        summary={tableUse.areas.length ? tableUse.areas.map((a) => `${a.area} ${percent(a.rate)}`).join(' · ') : undefined}
        report={report}
        range={range}
        empty={tableUse.tables.length ? undefined : 'No floor, or no open day up to today, in this range'}
      >
        <TableUseChart report={report} />
      </ChartCard>
      <ChartCard
        chart="waitlists"
        title="Waitlists"
        summary={
          <>
            {`${plural(offers.taken, 'offer', 'offers')} taken of ${offers.made} made (${percent(offers.rate)})`}
            <br />
            {`Door queue: ${plural(queue.parties, 'party', 'parties')}, ${queue.seated} seated, ${queue.walkedAway} walked away (${percent(queue.walkedAwayRate)})`}
          </>
        }
        report={report}
        range={range}
        empty={queue.seated ? undefined : 'No door-queue party seated in this range'}
      >
        <DoorQueueWaitChart report={report} />
      </ChartCard>
    </div>
  );
}
