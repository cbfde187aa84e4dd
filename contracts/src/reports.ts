import { z } from 'zod';
import { isIsoDate } from './time.js';

/**
 * The staff dashboard's Reports: figures over a date range, each chart's data as a table (the CSV
 * download and the chart read the same rows), and the range's bookings as CSV.
 */
export const REPORT_MAX_DAYS = 732;
export const REPORT_RANGE_MESSAGE = `A report covers at most ${REPORT_MAX_DAYS} days`;
export const REPORT_DATE_MESSAGE = 'Please enter a valid date (yyyy-MM-dd)';
export const REPORT_ORDER_MESSAGE = 'The start date must be on or before the end date';
export const REPORT_NO_SIGN_UPS = 'No sign-ups recorded';
export const WEEKDAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

const reportDate = z.string({ error: REPORT_DATE_MESSAGE }).refine(isIsoDate, { error: REPORT_DATE_MESSAGE });

const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

/** GET /api/admin/reports?from=&to= (inclusive café dates); the CSV routes take the same. */
export const reportQuerySchema = z.object({ from: reportDate, to: reportDate }).superRefine((q, ctx) => {
  if (!isIsoDate(q.from) || !isIsoDate(q.to)) return;
  if (q.from > q.to) ctx.addIssue({ code: 'custom', path: ['to'], message: REPORT_ORDER_MESSAGE });
  else if (daysBetween(q.from, q.to) + 1 > REPORT_MAX_DAYS) ctx.addIssue({ code: 'custom', path: ['to'], message: REPORT_RANGE_MESSAGE });
});
export type ReportQuery = z.output<typeof reportQuerySchema>;

/** Lead time (days from a party's request to its date) in these groups. */
export const LEAD_TIME_BUCKETS = [
  { label: '0-6 days', min: 0, max: 6 },
  { label: '7-13 days', min: 7, max: 13 },
  { label: '14-29 days', min: 14, max: 29 },
  { label: '30-59 days', min: 30, max: 59 },
  { label: '60+ days', min: 60, max: Number.POSITIVE_INFINITY },
] as const;

const count = z.number().int().nonnegative();
const rate = z.number().min(0).max(1).nullable();

/** An average and a median of minutes; null when there is nothing to average. */
const minutesSummary = z.object({ averageMinutes: z.number().nullable(), medianMinutes: z.number().nullable() });
const NO_MINUTES = { averageMinutes: null, medianMinutes: null };
/** A range with no waitlist entry nor door-queue party. */
export const NO_WAITLISTS = {
  offers: { made: 0, taken: 0, rate: null },
  doorQueue: { parties: 0, seated: 0, walkedAway: 0, walkedAwayRate: null, waited: NO_MINUTES, quoted: NO_MINUTES, overQuote: NO_MINUTES },
};

export const reportSchema = z.object({
  from: z.string(),
  to: z.string(),
  zone: z.string(),
  today: z.string(),
  /**
   * People booked at tables (reservations, approved parties, walk-ins holding seats) on each weekday of
   * the range, and apart from them the places confirmed at events (`eventGuests`).
   */
  coversByWeekday: z.array(z.object({ weekday: z.enum(WEEKDAY_NAMES), days: count, covers: count, eventGuests: count })),
  /** People booked at tables by the hour their booking starts ('17:00'), and event guests by their event's hour, over the range. */
  coversByHour: z.array(z.object({ hour: z.string(), covers: count, eventGuests: count })),
  /** Bookings made on each day of the range (by when they were requested, café time), whatever became of them. */
  bookingsMade: z.array(z.object({ date: z.string(), reservations: count, parties: count })),
  /** Bookings dated in the range up to today and how many were marked no-show. */
  noShows: z.object({ days: z.array(z.object({ date: z.string(), bookings: count, noShows: count })), rate }),
  /** Party requests made in the range and what became of them. */
  partyApprovals: z.object({ requested: count, approved: count, rejected: count, pending: count, cancelled: count, rate }),
  partyLeadTime: z.object({
    buckets: z.array(z.object({ label: z.string(), parties: count })),
    averageDays: z.number().nullable(),
  }),
  /**
   * Each date of a café event in the range (a repeating one's dates with sign-ups, a single one's date)
   * against its max attendees: `signUps` the places confirmed.
   */
  eventFill: z.object({
    signUpsRecorded: z.boolean(),
    events: z.array(
      z.object({ eventId: z.string(), title: z.string(), date: z.string(), maxAttendees: z.number().nullable(), signUps: count, rate }),
    ),
  }),
  /**
   * With a floor: each table's and each area's use over the range's days up to today, seated minutes (the
   * stays at it, no-shows left out) over open minutes (the opening hours of those days). Empty without one.
   */
  tableUse: z
    .object({
      tables: z.array(z.object({ table: z.string(), area: z.string(), seatedMinutes: count, openMinutes: count, rate })),
      areas: z.array(z.object({ area: z.string(), tables: count, seatedMinutes: count, openMinutes: count, rate })),
    })
    .default({ tables: [], areas: [] }),
  /**
   * Waitlists over the range's dates (issue 49): the evening waitlist's offers and how many were taken; the
   * door queue's parties, how long the seated ones waited against what they were quoted (minutes; `overQuote`
   * is waited minus quoted, positive when they waited longer than told), and how many walked away (gone
   * without being seated).
   */
  waitlists: z
    .object({
      offers: z.object({ made: count, taken: count, rate }),
      doorQueue: z.object({
        parties: count,
        seated: count,
        walkedAway: count,
        walkedAwayRate: rate,
        waited: minutesSummary,
        quoted: minutesSummary,
        overQuote: minutesSummary,
      }),
    })
    .default(NO_WAITLISTS),
});
export type Report = z.output<typeof reportSchema>;

export const REPORT_CHARTS = [
  'covers-by-weekday',
  'covers-by-hour',
  'bookings-made',
  'no-shows',
  'party-approvals',
  'party-lead-time',
  'event-fill',
  'table-use',
  'waitlists',
] as const;
export type ReportChart = (typeof REPORT_CHARTS)[number];
export const REPORT_CHART_MESSAGE = `Chart must be one of ${REPORT_CHARTS.join(', ')}`;

export type Cell = string | number | null;
export interface ReportTable {
  header: string[];
  rows: Cell[][];
}

const pct = (r: number | null) => (r === null ? null : Math.round(r * 1000) / 10);

/** One chart's data as a table: what its CSV holds, row for row. */
export function reportTable(report: Report, chart: ReportChart): ReportTable {
  switch (chart) {
    case 'covers-by-weekday':
      return {
        header: ['weekday', 'days', 'covers', 'event_guests'],
        rows: report.coversByWeekday.map((r) => [r.weekday, r.days, r.covers, r.eventGuests]),
      };
    case 'covers-by-hour':
      return { header: ['hour', 'covers', 'event_guests'], rows: report.coversByHour.map((r) => [r.hour, r.covers, r.eventGuests]) };
    case 'bookings-made':
      return {
        header: ['date', 'reservations', 'parties', 'total'],
        rows: report.bookingsMade.map((r) => [r.date, r.reservations, r.parties, r.reservations + r.parties]),
      };
    case 'no-shows': {
      const total = report.noShows.days.reduce((s, d) => [s[0]! + d.bookings, s[1]! + d.noShows], [0, 0]);
      return {
        header: ['date', 'bookings', 'no_shows', 'no_show_percent'],
        rows: [
          ...report.noShows.days.map((d) => [d.date, d.bookings, d.noShows, pct(d.bookings ? d.noShows / d.bookings : null)]),
          ['total', total[0]!, total[1]!, pct(report.noShows.rate)],
        ],
      };
    }
    case 'party-approvals': {
      const p = report.partyApprovals;
      return {
        header: ['requested', 'approved', 'rejected', 'pending', 'cancelled', 'approval_percent'],
        rows: [[p.requested, p.approved, p.rejected, p.pending, p.cancelled, pct(p.rate)]],
      };
    }
    case 'party-lead-time':
      return { header: ['lead_time', 'parties'], rows: report.partyLeadTime.buckets.map((b) => [b.label, b.parties]) };
    case 'event-fill':
      return {
        header: ['date', 'event', 'max_attendees', 'sign_ups', 'fill_percent'],
        rows: report.eventFill.events.map((e) => [e.date, e.title, e.maxAttendees, e.signUps, pct(e.rate)]),
      };
    case 'table-use':
      return {
        header: ['area', 'table', 'seated_minutes', 'open_minutes', 'use_percent'],
        rows: [
          ...report.tableUse.tables.map((u) => [u.area, u.table, u.seatedMinutes, u.openMinutes, pct(u.rate)]),
          ...report.tableUse.areas.map((u) => [u.area, 'all', u.seatedMinutes, u.openMinutes, pct(u.rate)]),
        ],
      };
    case 'waitlists': {
      const { offers, doorQueue: q } = report.waitlists;
      return {
        header: ['figure', 'value'],
        rows: [
          ['offers_made', offers.made],
          ['offers_taken', offers.taken],
          ['offers_taken_percent', pct(offers.rate)],
          ['door_queue_parties', q.parties],
          ['door_queue_seated', q.seated],
          ['door_queue_walked_away', q.walkedAway],
          ['door_queue_walked_away_percent', pct(q.walkedAwayRate)],
          ['door_queue_wait_average_minutes', q.waited.averageMinutes],
          ['door_queue_wait_median_minutes', q.waited.medianMinutes],
          ['door_queue_quoted_average_minutes', q.quoted.averageMinutes],
          ['door_queue_quoted_median_minutes', q.quoted.medianMinutes],
          ['door_queue_over_quote_average_minutes', q.overQuote.averageMinutes],
          ['door_queue_over_quote_median_minutes', q.overQuote.medianMinutes],
        ],
      };
    }
  }
}

/** The columns of GET /api/admin/reports/bookings.csv: one row per booking dated in the range. */
export const BOOKINGS_CSV_HEADER = [
  'date',
  'time',
  'kind',
  'status',
  'party_size',
  'name',
  'email',
  'phone',
  'event_type',
  'special_requests',
  'admin_notes',
  'created_at',
] as const;
