import { z } from 'zod';
import { requiredText } from './fields.js';
import { clearableText, isWebUrl, urlOrEmpty } from './content-fields.js';
import { DEFAULT_HOURS } from './business.js';
import { SOCIAL_MEDIA_LIMITS, TEXT_LIMITS, tooLongMessage } from './limits.js';
import { holdingMinutesField, seatCapacityField } from './seating.js';
import {
  LAST_SEATING_MAX,
  WEEKDAYS,
  isClockTime,
  parseHoursMap,
  type HoursException,
  type OpeningHours,
  type Weekday,
} from './opening-hours.js';
import { isIsoDate } from './time.js';
import { businessFactsOut, businessFactsShape, partySizesRule } from './business-facts-form.js';

/**
 * The admin form's reading of business info:
 * name, description, address, phone, email, website, hours (one line per weekday), social_media.
 * The stored reading's announcement, facebookUrl, instagramUrl and hoursJson are accepted too.
 */
export const BUSINESS_NAME_REQUIRED = 'Business name is required';
export const BUSINESS_EMAIL_INVALID = 'Please enter a valid email address';

const emailOrEmpty = z
  .string({ error: BUSINESS_EMAIL_INVALID })
  .trim()
  .refine((v) => v === '' || z.email().max(TEXT_LIMITS.email).safeParse(v).success, { error: BUSINESS_EMAIL_INVALID })
  .nullable()
  .optional()
  .transform((v) => (v === undefined ? undefined : v ? v : null));

const hoursJsonField = z
  .string({ error: 'hoursJson must be JSON text' })
  .max(TEXT_LIMITS.hoursJson, { error: tooLongMessage('Opening hours', TEXT_LIMITS.hoursJson) })
  .optional()
  .refine((v) => v === undefined || readHoursJson(v) !== null, {
    error: 'hoursJson must be a JSON object of weekday names to text',
  });

/** Names to links: at most SOCIAL_MEDIA_LIMITS.maxLinks of them, each name and link bounded. */
const socialMediaField = z
  .record(
    z.string(),
    z
      .string({ error: 'Social media links must be text' })
      .trim()
      .max(SOCIAL_MEDIA_LIMITS.link, { error: tooLongMessage('Social media links', SOCIAL_MEDIA_LIMITS.link) }),
    { error: 'social_media must map names to links' },
  )
  .nullable()
  .optional();

/** The count and the names are checked first: 30,000 keys are refused at once, not read one by one. */
const socialMedia = z
  .unknown()
  .superRefine((value, ctx) => {
    if (!value || typeof value !== 'object') return;
    const names = Object.keys(value);
    if (names.length > SOCIAL_MEDIA_LIMITS.maxLinks) {
      ctx.addIssue({ code: 'custom', message: `Social media can hold at most ${SOCIAL_MEDIA_LIMITS.maxLinks} links`, abort: true });
    } else if (names.some((name) => name.trim() === '')) {
      ctx.addIssue({ code: 'custom', message: 'Social media names cannot be empty', abort: true });
    } else if (names.some((name) => name.length > SOCIAL_MEDIA_LIMITS.name)) {
      ctx.addIssue({ code: 'custom', message: tooLongMessage('Social media names', SOCIAL_MEDIA_LIMITS.name), abort: true });
    }
  })
  .pipe(socialMediaField)
  .optional();

export const OPENING_TIMES_MESSAGE = 'Please choose an opening and a closing time, or mark the day closed';
export const CLOSE_AFTER_OPEN_MESSAGE = 'Closing time must be after opening time';
export const LAST_SEATING_MESSAGE = `Last seating must be 0 to ${LAST_SEATING_MAX} minutes before closing, in 15-minute steps`;
export const EXCEPTION_DATE_MESSAGE = 'Please enter the date of the holiday hours (yyyy-MM-dd)';
export const EXCEPTION_DATES_UNIQUE = 'Each date can have one set of holiday hours';
export const EXCEPTIONS_MAX = 100;

/** One day's hours: closed, or an opening and a later closing time ('HH:mm', close up to '24:00'). */
const dayHoursShape = {
  closed: z.boolean({ error: 'closed must be true or false' }),
  open: z.string({ error: OPENING_TIMES_MESSAGE }).trim(),
  close: z.string({ error: OPENING_TIMES_MESSAGE }).trim(),
};
function dayHoursRule(day: { closed: boolean; open: string; close: string }, ctx: z.RefinementCtx): void {
  if (day.closed) return;
  if (!isClockTime(day.open) || day.open === '24:00') ctx.addIssue({ code: 'custom', path: ['open'], message: OPENING_TIMES_MESSAGE });
  else if (!isClockTime(day.close)) ctx.addIssue({ code: 'custom', path: ['close'], message: OPENING_TIMES_MESSAGE });
  else if (day.close <= day.open) ctx.addIssue({ code: 'custom', path: ['close'], message: CLOSE_AFTER_OPEN_MESSAGE });
}
/** A closed day keeps no times: what is stored is what is shown. */
const closedClears = <T extends { closed: boolean; open: string; close: string }>(day: T): T =>
  day.closed ? { ...day, open: '', close: '' } : day;

export const dayHoursSchema = z.object(dayHoursShape).superRefine(dayHoursRule).transform(closedClears);

export const hoursExceptionSchema = z
  .object({
    date: z.string({ error: EXCEPTION_DATE_MESSAGE }).trim().refine(isIsoDate, { error: EXCEPTION_DATE_MESSAGE }),
    ...dayHoursShape,
    note: z
      .string({ error: 'The note must be text' })
      .trim()
      .max(TEXT_LIMITS.blockedDateReason, { error: tooLongMessage('Note', TEXT_LIMITS.blockedDateReason) })
      .optional()
      .transform((v) => v || undefined),
  })
  .superRefine(dayHoursRule)
  .transform((e): HoursException => {
    const { note, ...day } = closedClears(e);
    return note ? { ...day, note } : day;
  });

export const lastSeatingField = z
  .number({ error: LAST_SEATING_MESSAGE })
  .int({ error: LAST_SEATING_MESSAGE })
  .min(0, { error: LAST_SEATING_MESSAGE })
  .max(LAST_SEATING_MAX, { error: LAST_SEATING_MESSAGE })
  .refine((m) => m % 15 === 0, { error: LAST_SEATING_MESSAGE });

/** Opening hours as data: each weekday's hours, holiday hours by date, and the last-seating interval. */
export const openingHoursSchema = z.object({
  week: z.object(Object.fromEntries(WEEKDAYS.map((d) => [d, dayHoursSchema])) as Record<Weekday, typeof dayHoursSchema>),
  exceptions: z
    .array(hoursExceptionSchema)
    .max(EXCEPTIONS_MAX, { error: `At most ${EXCEPTIONS_MAX} dates of holiday hours` })
    .refine((list) => new Set(list.map((e) => e.date)).size === list.length, { error: EXCEPTION_DATES_UNIQUE })
    .transform((list) => [...list].sort((a, b) => a.date.localeCompare(b.date))),
  lastSeatingMinutes: lastSeatingField,
});

const businessInfoFormObject = z.object({
  name: requiredText(BUSINESS_NAME_REQUIRED).pipe(
    z.string().max(TEXT_LIMITS.name, { error: tooLongMessage('Business name', TEXT_LIMITS.name) }),
  ),
  description: clearableText('Description', TEXT_LIMITS.description),
  address: clearableText('Address', TEXT_LIMITS.address),
  phone: clearableText('Phone', TEXT_LIMITS.phone),
  email: emailOrEmpty,
  website: urlOrEmpty(),
  hours: clearableText('Hours', TEXT_LIMITS.hours),
  social_media: socialMedia,
  announcement: clearableText('Announcement', TEXT_LIMITS.announcement),
  facebookUrl: urlOrEmpty(),
  instagramUrl: urlOrEmpty(),
  hoursJson: hoursJsonField,
  /** Seats per slot: how many people the café seats at once, and how long a booking holds its table. */
  seatCapacity: seatCapacityField.optional(),
  holdingMinutes: holdingMinutesField.optional(),
  /** The structured hours (the dashboard's form); the hours lines and hoursJson are written from them. */
  openingHours: openingHoursSchema.optional(),
  /** What guests are told: cover, table hold, parking, family, party sizes, games taught, outside links. */
  ...businessFactsShape,
});
/** The party sizes checked together: the largest at least the smallest and at most the seat capacity sent with it. */
export const businessInfoFormSchema = businessInfoFormObject.superRefine(partySizesRule);
export type BusinessInfoForm = z.output<typeof businessInfoFormSchema>;

const dayHoursOut = z.object({ closed: z.boolean(), open: z.string(), close: z.string() });
export const openingHoursOut: z.ZodType<OpeningHours> = z.object({
  week: z.object(Object.fromEntries(WEEKDAYS.map((d) => [d, dayHoursOut])) as Record<Weekday, typeof dayHoursOut>),
  exceptions: z.array(dayHoursOut.extend({ date: z.string(), note: z.string().optional() })),
  lastSeatingMinutes: z.number().int(),
});

/** Both readings, as GET /api/business-info answers, with the guest facts. */
export const businessInfoOut = businessFactsOut.extend({
  hoursJson: z.string(),
  phone: z.string(),
  email: z.string(),
  name: z.string(),
  description: z.string(),
  address: z.string(),
  website: z.string(),
  hours: z.string(),
  social_media: z.record(z.string(), z.string()),
  facebookUrl: z.string().nullable(),
  instagramUrl: z.string().nullable(),
  announcement: z.string().nullable(),
  seatCapacity: z.number().int(),
  holdingMinutes: z.number().int(),
  /** hoursJson read as data, with the holiday hours and the last-seating interval: what the slots follow. */
  openingHours: openingHoursOut,
  updatedAt: z.string().nullable(),
});
export type BusinessInfo = z.output<typeof businessInfoOut>;

const DAY_WORDS: Record<string, Weekday[]> = {
  weekdays: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'],
  weekends: ['saturday', 'sunday'],
  weekend: ['saturday', 'sunday'],
  daily: [...WEEKDAYS],
  everyday: [...WEEKDAYS],
};

function dayIndex(word: string): number {
  const w = word.toLowerCase().replace(/\.$/, '');
  if (w.length < 2) return -1;
  return WEEKDAYS.findIndex((d) => d.startsWith(w.slice(0, 3)) && d.startsWith(w));
}

/**
 * Reads hours lines such as 'Monday: 3:00 PM - 11:00 PM', 'Mon-Fri: 3 PM - 11 PM', 'Saturday - Sunday 11 AM - 8 PM'
 * or 'Weekends: Closed' into {monday: '3:00 PM - 11:00 PM', …}. Lines that cannot be read are skipped;
 * null when none could be.
 */
export function hoursFromLines(text: string): Partial<Record<Weekday, string>> | null {
  const out: Partial<Record<Weekday, string>> = {};
  for (const line of text.split(/\r?\n/)) {
    const match =
      /^\s*([A-Za-z.]+)(?:\s*(?:-|–|—|to|through|thru)\s*([A-Za-z.]+))?\s*(?::\s*|\s+(?=\d|closed|open)|\s*[-–—]\s+(?=\d|closed|open))(.+?)\s*$/i.exec(
        line,
      );
    if (!match) continue;
    const [, first, last, value] = match;
    let days: Weekday[] | undefined = last ? undefined : DAY_WORDS[first!.toLowerCase()];
    if (!days) {
      const from = dayIndex(first!);
      const to = last ? dayIndex(last) : from;
      if (from < 0 || to < 0) continue;
      days = [];
      // 'Fri - Mon' wraps over the weekend.
      for (let i = from; ; i = (i + 1) % 7) {
        days.push(WEEKDAYS[i]!);
        if (i === to) break;
      }
    }
    for (const day of days) out[day] = value!;
  }
  return Object.keys(out).length ? sortDays(out) : null;
}

/** hoursJson text → map, or null when it is not a JSON object of strings. */
export function readHoursJson(text: string): Partial<Record<Weekday, string>> | null {
  return parseHoursMap(text);
}

/**
 * One line per weekday group, for the admin form's hours box: consecutive days with the same hours
 * share a line. A map holding only monday (as the default does) means Monday to Friday.
 */
export function hoursToLines(hours: Partial<Record<string, string>>): string {
  const filled: Partial<Record<Weekday, string>> = { ...hours };
  const midweek = ['tuesday', 'wednesday', 'thursday', 'friday'] as const;
  if (filled.monday && midweek.every((d) => !filled[d])) for (const d of midweek) filled[d] = filled.monday;
  const lines: string[] = [];
  let i = 0;
  while (i < 7) {
    const value = filled[WEEKDAYS[i]!];
    if (!value) {
      i++;
      continue;
    }
    let j = i;
    while (j + 1 < 7 && filled[WEEKDAYS[j + 1]!] === value) j++;
    const name = (d: Weekday) => d[0]!.toUpperCase() + d.slice(1);
    lines.push(`${name(WEEKDAYS[i]!)}${j > i ? ` - ${name(WEEKDAYS[j]!)}` : ''}: ${value}`);
    i = j + 1;
  }
  return lines.join('\n');
}

export const DEFAULT_HOURS_TEXT = hoursToLines(DEFAULT_HOURS);

/** facebookUrl / instagramUrl from the social_media map when those entries are links. */
export function socialUrl(social: Record<string, string> | null | undefined, network: string): string | null {
  if (!social) return null;
  const entry = Object.entries(social).find(([k]) => k.toLowerCase() === network);
  return entry && isWebUrl(entry[1]) && !entry[1].startsWith('/') ? entry[1] : null;
}

function sortDays(map: Partial<Record<Weekday, string>>): Partial<Record<Weekday, string>> {
  const out: Partial<Record<Weekday, string>> = {};
  for (const d of WEEKDAYS) if (map[d] !== undefined) out[d] = map[d];
  return out;
}

/** The admin form's and the public site's readings in one record; null means "cleared", absent means "never set". */
export interface BusinessInfoData {
  name: string;
  description: string | null;
  address: string | null;
  phone: string | null;
  email: string | null;
  website: string | null;
  /** Free text, one line per weekday (the admin form's reading). */
  hours: string | null;
  /** JSON text {monday, …} (the public site's reading), derived from `hours` where the lines can be read. */
  hoursJson: string | null;
  socialMedia: Record<string, string> | null;
  facebookUrl: string | null;
  instagramUrl: string | null;
  announcement: string | null;
  seatCapacity: number;
  holdingMinutes: number;
  /** Holiday hours by date, and how long before closing the last table is seated (the week is hoursJson). */
  hoursExceptions: HoursException[];
  lastSeatingMinutes: number;
  /** The guest facts (business-facts.ts); absent in business info saved before them: their defaults. */
  coverCharge: string;
  coverNote: string | null;
  lateHoldMinutes: number;
  parkingNote: string | null;
  familyNote: string | null;
  partySizeMin: number;
  partySizeMax: number;
  gamesTaught: number;
  orderOnlineUrl: string | null;
  reviewsUrl: string | null;
  gameCollectionUrl: string | null;
}

/** Carries only what changed; the projection merges it into the one document. */
export type BusinessInfoEvent = { type: 'BusinessInfoUpdated'; data: Partial<BusinessInfoData> };
