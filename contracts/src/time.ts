import { DateTime } from 'luxon';
import { DEFAULT_TIME_ZONE } from './business.js';
import { byDate, RecentAnswers } from './recent-answers.js';

// These run on every booking request and in every date picker: plain UTC arithmetic on calendar dates
// and one cached Intl formatter per zone are much cheaper than building luxon DateTimes each time.
const dayFormats = new Map<string, Intl.DateTimeFormat>();
const lastDays = new Map<string, { minute: number; day: string }>();

/** "Today" is today in the café's time zone, wherever the code runs. */
export function todayIn(zone: string = DEFAULT_TIME_ZONE, now: Date = new Date()): string {
  // Every request asks; a zone's date can only change on a whole minute, so one answer per minute.
  const minute = Math.floor(now.getTime() / 60_000);
  const known = lastDays.get(zone);
  if (known?.minute === minute) return known.day;
  let format = dayFormats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' });
    dayFormats.set(zone, format);
  }
  const parts: Record<string, string> = {};
  for (const part of format.formatToParts(now)) parts[part.type] = part.value;
  const day = `${parts.year}-${parts.month}-${parts.day}`;
  lastDays.set(zone, { minute, day });
  return day;
}

const clockFormats = new Map<string, Intl.DateTimeFormat>();
const lastTimes = new Map<string, { minute: number; time: string }>();

/** The café's time of day now, 'HH:mm', read to the minute (the seconds dropped): 20:10:59 is '20:10'. */
export function cafeTimeOfDay(zone: string = DEFAULT_TIME_ZONE, now: Date = new Date()): string {
  // Read to the minute, so one answer per minute (every booking asks, some more than once).
  const minute = Math.floor(now.getTime() / 60_000);
  const known = lastTimes.get(zone);
  if (known?.minute === minute) return known.time;
  let format = clockFormats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', { timeZone: zone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    clockFormats.set(zone, format);
  }
  const parts: Record<string, string> = {};
  for (const part of format.formatToParts(now)) parts[part.type] = part.value;
  const time = `${parts.hour}:${parts.minute}`;
  lastTimes.set(zone, { minute, time });
  return time;
}

/** The café's clock as the booking rules read it: its today and its time of day, both in its zone. */
export interface CafeNow {
  today: string;
  /** 'HH:mm', to the minute. */
  time: string;
}

export const cafeNowIn = (zone: string = DEFAULT_TIME_ZONE, now: Date = new Date()): CafeNow => ({
  today: todayIn(zone, now),
  time: cafeTimeOfDay(zone, now),
});

/**
 * Whether a table slot can no longer be booked: its date is before the café's today, or it is today and
 * starts before the café's clock read to the minute. A slot is offered only while it starts at or after
 * now: at 8:00:40 PM the 8:00 slot still is, at 8:01 it is gone, and at 8:10 the first is 8:30. A café
 * might still seat an 8:00 table at 8:10, but one plain rule shared by the forms, the availability and
 * every booking path keeps what is offered and what is accepted the same; guests at the door are a
 * walk-in (staff seat them "now", at the slot holding now), which this rule does not touch.
 */
export function slotHasPassed(isoDate: string, time: string, now: CafeNow): boolean {
  return isoDate < now.today || (isoDate === now.today && time < now.time);
}

/** A calendar date as milliseconds at UTC midnight, or NaN when it is no real date. */
const utcDay = byDate(parseUtcDay, NaN);

function parseUtcDay(isoDate: string): number {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDate);
  if (!match) return NaN;
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const ms = Date.UTC(y, m - 1, d);
  const date = new Date(ms);
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d ? ms : NaN;
}

const isoOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export function isIsoDate(value: string): boolean {
  return !Number.isNaN(utcDay(value));
}

export function addDays(isoDate: string, days: number): string {
  return isoOf(utcDay(isoDate) + days * 86_400_000);
}

/** Luxon's numbering: 1 = Monday … 7 = Sunday. A calendar date has no zone, so read it as UTC. */
export function weekdayOf(isoDate: string): number {
  return new Date(utcDay(isoDate)).getUTCDay() || 7;
}

/** Sunday that starts the week holding this date. */
export function weekStart(isoDate: string): string {
  return addDays(isoDate, -(weekdayOf(isoDate) % 7));
}

export { slotsFor } from './opening-hours.js';

/**
 * A 30-minute slot of a real date (on the hour or the half hour). The contract schemas check this, as they
 * know no hours; which of a date's slots seat guests is the opening hours' to say (slotsFor), and the
 * booking deciders refuse a time outside them with the hours they do keep.
 */
export function isSlotOf(isoDate: string, time: string): boolean {
  return isIsoDate(isoDate) && /^([01]\d|2[0-3]):(00|30)$/.test(time);
}

/** '13:30' → '1:30 PM'. */
export function formatTime12(time: string): string {
  const match = /^(\d{1,2}):(\d{2})$/.exec(time);
  if (!match) return time;
  const h = Number(match[1]);
  const suffix = h >= 12 ? 'PM' : 'AM';
  const h12 = h % 12 === 0 ? 12 : h % 12;
  return `${h12}:${match[2]} ${suffix}`;
}

/** '1:30 PM' → '13:30'; an already 24-hour 'HH:mm' is returned as is; anything else → null. */
export function to24Hour(value: string): string | null {
  const trimmed = value.trim();
  const h24 = /^(\d{1,2}):(\d{2})$/.exec(trimmed);
  if (h24) {
    const h = Number(h24[1]);
    const m = Number(h24[2]);
    return h < 24 && m < 60 ? `${String(h).padStart(2, '0')}:${h24[2]}` : null;
  }
  const h12 = /^(\d{1,2}):(\d{2})\s*([AaPp])\.?[Mm]\.?$/.exec(trimmed);
  if (!h12) return null;
  let h = Number(h12[1]);
  const m = Number(h12[2]);
  if (h < 1 || h > 12 || m >= 60) return null;
  const pm = h12[3]!.toLowerCase() === 'p';
  if (h === 12) h = 0;
  if (pm) h += 12;
  return `${String(h).padStart(2, '0')}:${h12[2]}`;
}

/** '2026-11-28' → 'Saturday, November 28, 2026'. */
export function formatLongDate(isoDate: string): string {
  const dt = DateTime.fromISO(isoDate, { zone: 'utc' });
  return dt.isValid ? dt.setLocale('en-US').toFormat('cccc, LLLL d, yyyy') : isoDate;
}

const instants = new RecentAnswers<number>(10_000);

/** The instant at which a café-local date and time happens. */
export function cafeInstant(isoDate: string, time: string, zone: string = DEFAULT_TIME_ZONE): Date {
  // Each booking's mails and links ask for the same few slots again; a luxon DateTime per ask was 2 % of a busy gateway.
  const key = `${zone} ${isoDate}T${time}`;
  const ms =
    instants.get(key) ??
    instants.keep(key, steadyDayInstant(isoDate, time, zone) ?? DateTime.fromISO(`${isoDate}T${time}`, { zone }).toJSDate().getTime());
  return new Date(ms);
}

const HOUR_MINUTE = /^([01]\d|2[0-3]):([0-5]\d)$/;

/**
 * The instant of a time on a day whose clocks do not change (all but two a year where they ever do):
 * the local time less the day's one offset, which luxon gives once per day. A time of its own asked
 * luxon each time (30 µs; a year of bookings names thousands of slots); a day the clocks change, or
 * anything unusual, goes to luxon (undefined).
 */
function steadyDayInstant(isoDate: string, time: string, zone: string): number | undefined {
  const hourMinute = HOUR_MINUTE.exec(time);
  if (!hourMinute) return undefined;
  const offset = steadyOffset(isoDate, zone);
  if (offset === null) return undefined;
  return utcDay(isoDate) + (Number(hourMinute[1]) * 60 + Number(hourMinute[2]) - offset) * 60_000;
}

const steadyOffsets = new Map<string, number | null>();

/** A date's offset from UTC in minutes when it holds from its midnight to the next, else null. */
function steadyOffset(isoDate: string, zone: string): number | null {
  const key = `${zone} ${isoDate}`;
  let offset = steadyOffsets.get(key);
  if (offset === undefined) {
    const start = DateTime.fromISO(isoDate, { zone });
    const next = start.plus({ days: 1 });
    const steady = start.isValid && next.offset === start.offset && next.toMillis() - start.toMillis() === 86_400_000;
    offset = steady ? start.offset : null;
    if (steadyOffsets.size >= 10_000) steadyOffsets.clear();
    steadyOffsets.set(key, offset);
  }
  return offset;
}
