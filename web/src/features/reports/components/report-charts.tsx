import type { ReactNode } from 'react';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatTime12, type Report } from '@cafe/contracts';

/**
 * The café's palette (styles/base.css), each at least 3:1 against the white card (WCAG 1.4.11 for
 * graphics): recharts paints with literal colours, so they are repeated here.
 */
const BRICK = '#A63D26'; // --brick: the brand's primary; 6.3:1 on white
const TEAL = '#1F5F5B'; // --teal; 7.6:1
const MUSTARD = '#B07C0E'; // the warning's deep shade; 3.5:1
const INK_SOFT = '#5B4A3B'; // --ink-soft; 8.6:1
const TICK = { fill: '#5B4A3B', fontSize: 12 };

interface FrameProps {
  /** The chart's name for screen readers (the svg's <title>), and what it shows (<desc>). */
  title: string;
  desc: string;
  data: object[];
  x: string;
  children: ReactNode;
  legend?: boolean;
  /** Long labels (dates) turn so they never overlap on a phone. */
  slanted?: boolean;
}

/**
 * One bar chart as every report draws it: fills its card, recharts' accessibility layer on (the arrow
 * keys walk the bars and the tooltip reads them out), whole numbers on the value axis. Bars do not
 * grow in: a resize (a phone turned, the print preview) would replay the animation from zero.
 */
function Frame({ title, desc, data, x, children, legend, slanted }: FrameProps) {
  return (
    <div className="report-chart">
      <ResponsiveContainer width="100%" height={slanted ? 260 : 230}>
        <BarChart
          data={data}
          title={title}
          desc={desc}
          accessibilityLayer
          margin={{ top: 8, right: 8, bottom: slanted ? 24 : 0, left: -16 }}
        >
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey={x} tick={TICK} interval="preserveStartEnd" {...(slanted ? { angle: -40, textAnchor: 'end', height: 48 } : {})} />
          <YAxis allowDecimals={false} tick={TICK} />
          <Tooltip />
          {legend && <Legend verticalAlign="top" height={28} wrapperStyle={{ fontSize: 13 }} />}
          {children}
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}

const shortDate = (iso: string) =>
  new Date(`${iso}T12:00:00Z`).toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });

/** Table covers and, stacked on them, the events' guests (counted apart): the café's people that day or hour. */
export function CoversByWeekdayChart({ report }: { report: Report }) {
  const data = report.coversByWeekday.map((r) => ({ day: r.weekday.slice(0, 3), Covers: r.covers, 'Event guests': r.eventGuests }));
  return (
    <Frame
      title="Covers per weekday"
      desc="People booked at tables, and event guests, on each weekday of the range"
      data={data}
      x="day"
      legend
    >
      <Bar isAnimationActive={false} dataKey="Covers" stackId="people" fill={BRICK} />
      <Bar isAnimationActive={false} dataKey="Event guests" stackId="people" fill={TEAL} />
    </Frame>
  );
}

export function CoversByHourChart({ report }: { report: Report }) {
  const data = report.coversByHour.map((r) => ({
    hour: formatTime12(r.hour).replace(':00', ''),
    Covers: r.covers,
    'Event guests': r.eventGuests,
  }));
  return (
    <Frame
      title="Covers per hour"
      desc="People booked at tables by the hour their booking starts, and event guests by their event's hour"
      data={data}
      x="hour"
      legend
    >
      <Bar isAnimationActive={false} dataKey="Covers" stackId="people" fill={BRICK} />
      <Bar isAnimationActive={false} dataKey="Event guests" stackId="people" fill={TEAL} />
    </Frame>
  );
}

export function BookingsMadeChart({ report }: { report: Report }) {
  const data = report.bookingsMade.map((r) => ({ date: shortDate(r.date), Reservations: r.reservations, Parties: r.parties }));
  return (
    <Frame title="Bookings made per day" desc="Reservations and party requests made on each day" data={data} x="date" legend slanted>
      <Bar isAnimationActive={false} dataKey="Reservations" stackId="made" fill={BRICK} />
      <Bar isAnimationActive={false} dataKey="Parties" stackId="made" fill={TEAL} />
    </Frame>
  );
}

export function NoShowsChart({ report }: { report: Report }) {
  const data = report.noShows.days.map((d) => ({ date: shortDate(d.date), Bookings: d.bookings, 'No-shows': d.noShows }));
  return (
    <Frame title="No-shows" desc="Bookings and no-shows on each past day of the range" data={data} x="date" legend slanted>
      <Bar isAnimationActive={false} dataKey="Bookings" fill={TEAL} />
      <Bar isAnimationActive={false} dataKey="No-shows" fill={BRICK} />
    </Frame>
  );
}

export function PartyApprovalsChart({ report }: { report: Report }) {
  const p = report.partyApprovals;
  const data = [
    { status: 'Approved', Parties: p.approved },
    { status: 'Rejected', Parties: p.rejected },
    { status: 'Pending', Parties: p.pending },
    { status: 'Cancelled', Parties: p.cancelled },
  ];
  return (
    <Frame title="Party requests" desc="Party requests made in the range by what became of them" data={data} x="status">
      <Bar isAnimationActive={false} dataKey="Parties" fill={TEAL} />
    </Frame>
  );
}

export function LeadTimeChart({ report }: { report: Report }) {
  const data = report.partyLeadTime.buckets.map((b) => ({ lead: b.label, Parties: b.parties }));
  return (
    <Frame title="Party lead time" desc="Days from a party's request to its date" data={data} x="lead">
      <Bar isAnimationActive={false} dataKey="Parties" fill={MUSTARD} />
    </Frame>
  );
}

export function EventFillChart({ report }: { report: Report }) {
  const data = report.eventFill.events.map((e) => ({ event: e.title, 'Max attendees': e.maxAttendees ?? 0, 'Sign-ups': e.signUps }));
  return (
    <Frame title="Event fill" desc="Each event's sign-ups against its max attendees" data={data} x="event" legend slanted>
      <Bar isAnimationActive={false} dataKey="Max attendees" fill={INK_SOFT} />
      <Bar isAnimationActive={false} dataKey="Sign-ups" fill={TEAL} />
    </Frame>
  );
}

const percentOf = (rate: number | null) => (rate === null ? 0 : Math.round(rate * 1000) / 10);

/** With a floor: each table's seated minutes over its open minutes, in per cent. */
export function TableUseChart({ report }: { report: Report }) {
  const data = report.tableUse.tables.map((t) => ({ table: t.table, 'Use %': percentOf(t.rate) }));
  return (
    <Frame title="Table use" desc="Each table's seated time as a share of the café's open hours, in per cent" data={data} x="table" slanted>
      <Bar isAnimationActive={false} dataKey="Use %" fill={TEAL} />
    </Frame>
  );
}

/** The door queue's seated parties: how long they waited against what they were quoted (minutes). */
export function DoorQueueWaitChart({ report }: { report: Report }) {
  const { waited, quoted } = report.waitlists.doorQueue;
  const data = [
    { figure: 'Average', Waited: waited.averageMinutes ?? 0, Quoted: quoted.averageMinutes ?? 0 },
    { figure: 'Median', Waited: waited.medianMinutes ?? 0, Quoted: quoted.medianMinutes ?? 0 },
  ];
  return (
    <Frame
      title="Door queue waits"
      desc="Minutes the seated door-queue parties waited, against the minutes they were quoted"
      data={data}
      x="figure"
      legend
    >
      <Bar isAnimationActive={false} dataKey="Waited" fill={BRICK} />
      <Bar isAnimationActive={false} dataKey="Quoted" fill={TEAL} />
    </Frame>
  );
}
