import { DateTime } from 'luxon';
import { LEAD_TIME_BUCKETS, NO_WAITLISTS, WEEKDAY_NAMES, addDays, weekdayOf, type OpeningHours, type Report } from '@cafe/contracts';
import type { DocumentCollection } from '../platform/document-store/document-store.js';
import { holdList } from '../cafe-day/index.js';
import type { ReportDayDoc, DayHold } from './report-days-projection.js';
import { utcHourOf, type BookingsMadeDoc } from './report-bookings-made-projection.js';
import type { ReportPartyDoc } from './report-parties-projection.js';
import type { ReportEventDoc } from './report-events-projection.js';
import type { ReportArrivalDoc } from './report-arrivals-projection.js';
import { REPORT_FLOOR_ID, type ReportFloorDoc } from './report-floor-projection.js';
import { tableUse } from './report-table-use.js';

export interface ReportSources {
  days: DocumentCollection<ReportDayDoc>;
  made: DocumentCollection<BookingsMadeDoc>;
  parties: DocumentCollection<ReportPartyDoc>;
  events: DocumentCollection<ReportEventDoc>;
  arrivals: DocumentCollection<ReportArrivalDoc>;
  floor: DocumentCollection<ReportFloorDoc>;
  /** The café's opening hours now (business info): the open minutes the use per table is measured against. */
  hours: () => Promise<OpeningHours>;
  /** The waitlists' figures of the range (report-waitlists.ts); absent: none. */
  waitlists?: (from: string, to: string) => Promise<Report['waitlists']>;
}

export interface ReportRange {
  from: string;
  to: string;
  zone: string;
  today: string;
}

/** 0 = Sunday … 6 = Saturday, the order the chart shows (weekdayOf counts 1 = Monday … 7 = Sunday). */
const sundayFirst = (date: string) => weekdayOf(date) % 7;
const rate = (part: number, whole: number) => (whole > 0 ? part / whole : null);
const round1 = (n: number) => Math.round(n * 10) / 10;

/** The café date of an instant. */
const cafeDate = (iso: string, zone: string) => DateTime.fromISO(iso, { zone: 'utc' }).setZone(zone).toISODate()!;

/** Every booking counted on a day: those holding seats and those marked no-show (whose seats may be back). */
function bookingsByDay(days: ReportDayDoc[], noShows: ReportArrivalDoc[]): Map<string, { booked: DayHold[]; noShows: number }> {
  const byDay = new Map<string, Map<string, DayHold>>(days.map((d) => [d.date, new Map(holdList(d.holds).map((h) => [h.bookingId, h]))]));
  const noShowCount = new Map<string, number>();
  for (const n of noShows) {
    const day = byDay.get(n.date) ?? new Map<string, DayHold>();
    day.set(n.bookingId, { bookingId: n.bookingId, time: n.time, size: n.size });
    byDay.set(n.date, day);
    noShowCount.set(n.date, (noShowCount.get(n.date) ?? 0) + 1);
  }
  return new Map(
    [...byDay]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([date, holds]) => [date, { booked: [...holds.values()], noShows: noShowCount.get(date) ?? 0 }]),
  );
}

/** Every figure of the Reports section, from the report read models: one query each, bounded by the range. */
export async function buildReport(src: ReportSources, range: ReportRange): Promise<Report> {
  const { from, to, zone, today } = range;
  const start = DateTime.fromISO(from, { zone }).startOf('day').toUTC();
  const end = DateTime.fromISO(to, { zone }).endOf('day').toUTC();
  const [days, noShowDocs, made, parties, events, floor, openingHours, waitlists] = await Promise.all([
    src.days.find({ _id: { $gte: from, $lte: to } }),
    src.arrivals.find({ status: 'no-show', date: { $gte: from, $lte: to } }, { sort: { date: 1 } }),
    src.made.find({ _id: { $gte: utcHourOf(start.toISO()!), $lte: utcHourOf(end.toISO()!) } }),
    src.parties.find({ requestedAt: { $gte: start.toISO()!, $lte: end.toISO()! } }, { sort: { requestedAt: 1 } }),
    src.events.find({ date: { $gte: from, $lte: to } }, { sort: { date: 1 } }),
    src.floor.get(REPORT_FLOOR_ID),
    src.hours(),
    src.waitlists?.(from, to) ?? NO_WAITLISTS,
  ]);

  const dates: string[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) dates.push(d);

  const weekdays = WEEKDAY_NAMES.map((weekday) => ({ weekday, days: 0, covers: 0, eventGuests: 0 }));
  for (const d of dates) weekdays[sundayFirst(d)]!.days++;
  const hours = new Map<number, number>();
  const eventHours = new Map<number, number>();
  // Event guests: the places confirmed at each date's events, counted apart from the tables, by the event's hour.
  const occurrences = days.flatMap((d) => Object.entries(d.events ?? {}).map(([eventId, places]) => ({ date: d.date, eventId, places })));
  const eventDocs = await eventsById(src.events, [...events.map((e) => e._id), ...occurrences.map((o) => o.eventId)], events);
  for (const o of occurrences) {
    weekdays[sundayFirst(o.date)]!.eventGuests += o.places;
    const time = eventDocs.get(o.eventId)?.time;
    if (time) eventHours.set(Number(time.slice(0, 2)), (eventHours.get(Number(time.slice(0, 2))) ?? 0) + o.places);
  }
  const noShowDays: Report['noShows']['days'] = [];
  for (const [date, { booked, noShows }] of bookingsByDay(days, noShowDocs)) {
    for (const b of booked) {
      weekdays[sundayFirst(date)]!.covers += b.size;
      const hour = Number(b.time.slice(0, 2));
      hours.set(hour, (hours.get(hour) ?? 0) + b.size);
    }
    // Only days that have begun: a future booking cannot have been a no-show yet.
    if (date <= today && booked.length) noShowDays.push({ date, bookings: booked.length, noShows });
  }
  const hourKeys = [...hours.keys(), ...eventHours.keys()];
  const coversByHour: Report['coversByHour'] = [];
  if (hourKeys.length) {
    for (let h = Math.min(...hourKeys); h <= Math.max(...hourKeys); h++) {
      coversByHour.push({ hour: `${String(h).padStart(2, '0')}:00`, covers: hours.get(h) ?? 0, eventGuests: eventHours.get(h) ?? 0 });
    }
  }

  const madeByDate = new Map(dates.map((d) => [d, { date: d, reservations: 0, parties: 0 }]));
  for (const doc of made) {
    const day = madeByDate.get(cafeDate(`${doc._id}:00:00.000Z`, zone));
    if (!day) continue;
    day.reservations += doc.reservations;
    day.parties += doc.parties;
  }

  const approvals = { requested: parties.length, approved: 0, rejected: 0, pending: 0, cancelled: 0 };
  const buckets = LEAD_TIME_BUCKETS.map((b) => ({ label: b.label, parties: 0 }));
  let leadDays = 0;
  for (const p of parties) {
    if (p.decision === 'approved') approvals.approved++;
    else if (p.decision === 'rejected') approvals.rejected++;
    else if (p.cancelled) approvals.cancelled++;
    else approvals.pending++;
    const lead = Math.max(0, daysBetween(cafeDate(p.requestedAt, zone), p.date));
    leadDays += lead;
    buckets[LEAD_TIME_BUCKETS.findIndex((b) => lead >= b.min && lead <= b.max)]!.parties++;
  }

  const totalBookings = noShowDays.reduce((s, d) => s + d.bookings, 0);
  const totalNoShows = noShowDays.reduce((s, d) => s + d.noShows, 0);
  return {
    from,
    to,
    zone,
    today,
    coversByWeekday: weekdays,
    coversByHour,
    bookingsMade: [...madeByDate.values()],
    noShows: { days: noShowDays, rate: rate(totalNoShows, totalBookings) },
    partyApprovals: { ...approvals, rate: rate(approvals.approved, approvals.approved + approvals.rejected) },
    partyLeadTime: { buckets, averageDays: parties.length ? round1(leadDays / parties.length) : null },
    eventFill: eventFill(events, occurrences, eventDocs),
    // Only days that have begun: a future stay has not been sat yet.
    tableUse: tableUse(
      days,
      dates.filter((d) => d <= today),
      floor,
      openingHours,
      new Set(noShowDocs.map((n) => n.bookingId)),
    ),
    waitlists,
  };
}

/** The events the range's figures name: those dated in it (already read) and those whose dates in it had sign-ups. */
async function eventsById(
  collection: ReportSources['events'],
  ids: string[],
  known: ReportEventDoc[],
): Promise<Map<string, ReportEventDoc>> {
  const byId = new Map(known.map((e) => [e._id, e]));
  const missing = [...new Set(ids)].filter((id) => !byId.has(id));
  for (const doc of await Promise.all(missing.map((id) => collection.get(id)))) if (doc) byId.set(doc._id, doc);
  return byId;
}

/**
 * Each event date of the range against its max attendees: a date with sign-ups (a repeating event's
 * too), and an event dated in the range that had none. A removed event's dates are left out (its guests
 * still count in the covers' event guests).
 */
function eventFill(
  dated: ReportEventDoc[],
  occurrences: { date: string; eventId: string; places: number }[],
  byId: Map<string, ReportEventDoc>,
): Report['eventFill'] {
  const rows = new Map<string, { eventId: string; date: string; places: number }>();
  for (const e of dated) rows.set(`${e.date} ${e._id}`, { eventId: e._id, date: e.date, places: 0 });
  for (const o of occurrences) rows.set(`${o.date} ${o.eventId}`, o);
  const events = [...rows.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .flatMap(([, { eventId, date, places }]) => {
      const e = byId.get(eventId);
      if (!e) return [];
      const rate = e.maxAttendees ? Math.min(1, places / e.maxAttendees) : null;
      return [{ eventId, title: e.title, date, maxAttendees: e.maxAttendees, signUps: places, rate }];
    });
  return { signUpsRecorded: events.some((e) => e.signUps > 0), events };
}

function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}
