import { DEFAULT_HOURS } from './business.js';
import { byDate } from './recent-answers.js';

/**
 * Opening hours as data, and the slots they allow. No zod and no luxon here: the landing page's hours
 * box imports this module on its own ('@cafe/contracts/opening-hours').
 *
 * The week is read from business info's hoursJson (the public site's reading, which the admin form's
 * hours lines and the structured form both write), so the texts and the structured value cannot drift;
 * dated exceptions and the last-seating interval are stored beside it.
 */
export const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/** One day's hours: 'HH:mm' 24-hour times (close may be '24:00', midnight); open and close are ignored when closed. */
export interface DayHours {
  closed: boolean;
  open: string;
  close: string;
}

/** Holiday hours: closed, or other hours, on one date. */
export interface HoursException extends DayHours {
  date: string;
  /** What the guests are told, e.g. 'Thanksgiving'. */
  note?: string;
}

export interface OpeningHours {
  week: Record<Weekday, DayHours>;
  exceptions: HoursException[];
  /** The last table is seated this long before closing. */
  lastSeatingMinutes: number;
}

export const DEFAULT_LAST_SEATING_MINUTES = 60;
export const LAST_SEATING_MAX = 240;
/** Quarter-hour steps from 0 to 4 hours. */
export const LAST_SEATING_OPTIONS = Array.from({ length: LAST_SEATING_MAX / 15 + 1 }, (_, i) => i * 15);

const dayName = (d: Weekday) => d[0]!.toUpperCase() + d.slice(1);
export const weekdayName = dayName;

// ---- times ------------------------------------------------------------------------------------------

/**
 * 'HH:mm' → minutes since midnight ('24:00' → 1440; NaN when not 'HH:mm'). Read from the character codes:
 * a seat check reads the time of every hold on the day, and slicing and parsing two strings per hold
 * was most of a busy day's check.
 */
export function minutesOf(time: string): number {
  if (time.length !== 5 || time.charCodeAt(2) !== 58) return NaN;
  const h1 = time.charCodeAt(0) - 48;
  const h2 = time.charCodeAt(1) - 48;
  const m1 = time.charCodeAt(3) - 48;
  const m2 = time.charCodeAt(4) - 48;
  // Unsigned: a character below '0' wraps above 9.
  if (h1 >>> 0 > 9 || h2 >>> 0 > 9 || m1 >>> 0 > 9 || m2 >>> 0 > 9) return NaN;
  return (h1 * 10 + h2) * 60 + m1 * 10 + m2;
}
const timeOf = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/** 'HH:mm' from 00:00 to 24:00. */
export const isClockTime = (value: string) => /^(?:[01]\d|2[0-3]):[0-5]\d$|^24:00$/.test(value);

/** '17:00' → '5:00 PM'; '24:00' → '12:00 AM' (midnight). */
export function clockLabel(time: string): string {
  const m = minutesOf(time) % (24 * 60);
  const h = Math.floor(m / 60);
  return `${h % 12 === 0 ? 12 : h % 12}:${String(m % 60).padStart(2, '0')} ${h >= 12 ? 'PM' : 'AM'}`;
}

/** '3 PM', '3:00 PM', '3:00pm', '15:00', 'noon', 'midnight' → 'HH:mm'; null when unreadable. */
function readClock(text: string): string | null {
  const t = text.trim().toLowerCase();
  if (t === 'noon') return '12:00';
  if (t === 'midnight') return '24:00';
  const h12 = /^(\d{1,2})(?::(\d{2}))?\s*([ap])\.?\s*m\.?$/.exec(t);
  if (h12) {
    const [h, m] = [Number(h12[1]), Number(h12[2] ?? '0')];
    if (h < 1 || h > 12 || m > 59) return null;
    return timeOf(((h % 12) + (h12[3] === 'p' ? 12 : 0)) * 60 + m);
  }
  const h24 = /^(\d{1,2}):(\d{2})$/.exec(t);
  if (h24 && Number(h24[1]) < 24 && Number(h24[2]) < 60) return timeOf(Number(h24[1]) * 60 + Number(h24[2]));
  return null;
}

/**
 * A day's hours text as staff write it: 'Closed', '3:00 PM - 11:00 PM', '11 AM to 8 PM', '17:00–21:00'.
 * A close at or before the opening ('5 PM - 12 AM') is read as midnight. Null when it cannot be read.
 */
export function readDayHours(text: string): DayHours | null {
  const t = text.trim();
  if (/^closed\b/i.test(t)) return { closed: true, open: '', close: '' };
  const parts = t.split(/\s*(?:-|–|—|\bto\b|\buntil\b)\s*/i);
  if (parts.length !== 2) return null;
  const open = readClock(parts[0]!);
  let close = readClock(parts[1]!);
  if (!open || !close || open === '24:00') return null;
  if (close === '00:00') close = '24:00';
  return minutesOf(close) > minutesOf(open) ? { closed: false, open, close } : null;
}

/** The text the public site and the admin form's lines show for a day: 'Closed' or '5:00 PM - 9:00 PM'. */
export const dayHoursText = (day: DayHours) => (day.closed ? 'Closed' : `${clockLabel(day.open)} - ${clockLabel(day.close)}`);

// ---- the week -----------------------------------------------------------------------------------------

/** {monday: text, …} with the site's rule that a map holding only monday means Monday to Friday. */
export function weekTexts(map: Partial<Record<string, string>> | null): Record<Weekday, string> {
  const filled: Partial<Record<string, string>> = { ...(map ?? {}) };
  const midweek = ['tuesday', 'wednesday', 'thursday', 'friday'] as const;
  if (filled.monday && midweek.every((d) => !filled[d])) for (const d of midweek) filled[d] = filled.monday;
  const fallback = (d: Weekday) => (d === 'saturday' || d === 'sunday' ? DEFAULT_HOURS[d] : DEFAULT_HOURS.monday);
  return Object.fromEntries(WEEKDAYS.map((d) => [d, filled[d]?.trim() || fallback(d)])) as Record<Weekday, string>;
}

/** hoursJson text → its map (keys lower-cased), or null when it is not a JSON object of strings. */
export function parseHoursMap(text: string | null | undefined): Partial<Record<string, string>> | null {
  if (!text) return null;
  try {
    const value = JSON.parse(text) as unknown;
    if (!value || typeof value !== 'object' || Array.isArray(value)) return null;
    const out: Record<string, string> = {};
    for (const [k, v] of Object.entries(value)) {
      if (typeof v !== 'string') return null;
      out[k.toLowerCase()] = v;
    }
    return out;
  } catch {
    return null;
  }
}

/**
 * Hours that cannot be read as times ('By appointment') limit nothing: that day's slots follow SPEC's
 * slot rule alone, rather than refusing guests on a day staff described in words.
 */
const UNREAD: DayHours = { closed: false, open: '00:00', close: '24:00' };

/** The structured hours from what business info stores (defaults for anything not set). */
export function openingHoursOf(source: {
  hoursJson?: string | null;
  hoursExceptions?: HoursException[] | null;
  lastSeatingMinutes?: number | null;
}): OpeningHours {
  const texts = weekTexts(parseHoursMap(source.hoursJson));
  return {
    week: Object.fromEntries(WEEKDAYS.map((d) => [d, readDayHours(texts[d]) ?? UNREAD])) as Record<Weekday, DayHours>,
    exceptions: source.hoursExceptions ?? [],
    lastSeatingMinutes: source.lastSeatingMinutes ?? DEFAULT_LAST_SEATING_MINUTES,
  };
}

export const DEFAULT_OPENING_HOURS: OpeningHours = openingHoursOf({});

/** The week as the stored hoursJson map: one canonical text per weekday. */
export function weekToMap(week: Record<Weekday, DayHours>): Record<Weekday, string> {
  return Object.fromEntries(WEEKDAYS.map((d) => [d, dayHoursText(week[d])])) as Record<Weekday, string>;
}

/** Consecutive weekdays with the same text share a row: [{days: 'Thursday – Friday', text: '3:00 PM - 11:00 PM'}, …]. */
export function groupedWeek(texts: Record<Weekday, string>): { days: string; text: string }[] {
  const rows: { days: string; text: string }[] = [];
  let i = 0;
  while (i < WEEKDAYS.length) {
    const text = texts[WEEKDAYS[i]!];
    let j = i;
    while (j + 1 < WEEKDAYS.length && texts[WEEKDAYS[j + 1]!] === text) j++;
    rows.push({ days: j > i ? `${dayName(WEEKDAYS[i]!)} – ${dayName(WEEKDAYS[j]!)}` : dayName(WEEKDAYS[i]!), text });
    i = j + 1;
  }
  return rows;
}

// ---- dates and slots ----------------------------------------------------------------------------------

/** A date's weekday, null when it is no real date: the hours are looked up several times per booking. */
const weekdayKeyOf = byDate(parseWeekdayKey, null);

function parseWeekdayKey(isoDate: string): Weekday | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDate);
  if (!match) return null;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  if (date.toISOString().slice(0, 10) !== isoDate) return null;
  return WEEKDAYS[(date.getUTCDay() + 6) % 7]!;
}

const longDate = new Intl.DateTimeFormat('en-US', { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
const longDateOf = (isoDate: string) => longDate.format(new Date(`${isoDate}T00:00:00Z`));

function halfHours(fromHour: number, toHour: number): readonly string[] {
  const slots: string[] = [];
  for (let m = fromHour * 60; m <= toHour * 60; m += 30) slots.push(timeOf(m));
  return slots;
}
const WEEKEND_WINDOW = halfHours(11, 22);
const WEEKDAY_WINDOW = halfHours(15, 22);

/** SPEC's slot window (weekends 11:00–22:00, weekdays 15:00–22:00): the times an event may start on a closed day. */
export function slotWindowFor(isoDate: string): readonly string[] {
  const day = weekdayKeyOf(isoDate);
  if (!day) return [];
  return day === 'saturday' || day === 'sunday' ? WEEKEND_WINDOW : WEEKDAY_WINDOW;
}

/** The hours that apply on a date: its exception, else its weekday's; null for an impossible date. */
export function hoursOn(isoDate: string, hours: OpeningHours): { day: DayHours; exception: HoursException | null } | null {
  const weekday = weekdayKeyOf(isoDate);
  if (!weekday) return null;
  const exception = hours.exceptions.find((e) => e.date === isoDate) ?? null;
  return { day: exception ?? hours.week[weekday], exception };
}

/**
 * The slots a guest may book on a date: every half hour the café is open, from opening (the first half
 * hour at or after it) to closing minus the last-seating interval. SPEC's slot window is what the default
 * hours give (weekdays 3 PM – 11 PM: 15:00–22:00), never a ceiling: a café that opens at 11 AM on a
 * Wednesday seats guests from 11:00. A day that closes after midnight seats until 23:30 of its own date.
 */
export function slotsFor(isoDate: string, hours: OpeningHours = DEFAULT_OPENING_HOURS): string[] {
  const on = hoursOn(isoDate, hours);
  if (!on || on.day.closed) return [];
  const first = minutesOf(on.day.open);
  const close = minutesOf(on.day.close);
  const last = Math.min((close <= first ? close + 24 * 60 : close) - hours.lastSeatingMinutes, 23 * 60 + 30);
  const slots: string[] = [];
  for (let m = Math.ceil(first / 30) * 30; m <= last; m += 30) slots.push(timeOf(m));
  return slots;
}

/**
 * The times an event may start on a date: every half hour the café is open, up to half an hour before it
 * closes (an evening event may start after the last seating for tables); on a closed day (a private
 * event, a tournament on a Monday) SPEC's whole slot window.
 */
export function eventTimesFor(isoDate: string, hours: OpeningHours = DEFAULT_OPENING_HOURS): string[] {
  const on = hoursOn(isoDate, hours);
  if (!on) return [];
  if (on.day.closed) return [...slotWindowFor(isoDate)];
  const first = minutesOf(on.day.open);
  const close = minutesOf(on.day.close);
  // A day closing after midnight still starts its events on that date.
  const last = Math.min((close <= first ? close + 24 * 60 : close) - 30, 23 * 60 + 30);
  const times: string[] = [];
  for (let m = Math.ceil(first / 30) * 30; m <= last; m += 30) times.push(timeOf(m));
  return times;
}

/** Why a date is closed under the hours ('We are closed on Mondays…'), or null when it is open. */
export function closedByHoursMessage(isoDate: string, hours: OpeningHours): string | null {
  const on = hoursOn(isoDate, hours);
  if (!on || !on.day.closed) return null;
  const weekday = weekdayKeyOf(isoDate)!;
  if (on.exception) {
    const note = on.exception.note?.trim();
    return `Sorry, we are closed on ${longDateOf(isoDate)}${note ? ` (${note})` : ''}. Please choose another date.`;
  }
  return `Sorry, we are closed on ${dayName(weekday)}s. Please choose another date.`;
}

/**
 * Why a time is refused under the hours, or null when it may be booked: a closed day says so; an open
 * day names the times it seats guests.
 */
export function outsideHoursMessage(isoDate: string, time: string, hours: OpeningHours): string | null {
  const closed = closedByHoursMessage(isoDate, hours);
  if (closed) return closed;
  const slots = slotsFor(isoDate, hours);
  if (slots.includes(time)) return null;
  const on = hoursOn(isoDate, hours);
  if (!on) return null;
  const when = on.exception ? `on ${longDateOf(isoDate)}` : `on ${dayName(weekdayKeyOf(isoDate)!)}s`;
  if (slots.length === 0) return `Sorry, there are no tables to book ${when}. Please choose another date.`;
  return `We seat guests from ${clockLabel(slots[0]!)} to ${clockLabel(slots.at(-1)!)} ${when} (open ${dayHoursText(on.day).replace(' - ', ' – ')}). Please choose another time.`;
}

/**
 * Holiday hours from today on, soonest first, as the public hours box lists them:
 * {day: 'Friday, December 11', text: 'Closed (Staff holiday)'}.
 */
export function upcomingExceptions(hours: OpeningHours, today: string, limit = 4): { date: string; day: string; text: string }[] {
  return hours.exceptions
    .filter((e) => e.date >= today && weekdayKeyOf(e.date))
    .sort((a, b) => a.date.localeCompare(b.date))
    .slice(0, limit)
    .map((e) => ({
      date: e.date,
      day: longDateOf(e.date).replace(/, \d{4}$/, ''),
      text: `${dayHoursText(e)}${e.note?.trim() ? ` (${e.note.trim()})` : ''}`,
    }));
}
