import { eventTypeLabel, formatLongDate, formatTime12, NO_EMAIL } from '@cafe/contracts';
import { DateTime } from 'luxon';

/** The History's words: each field's name and each value as staff read it, never a raw value ("pending", 12, true). */
const FIELD_LABELS: Record<string, string> = {
  name: 'Name',
  email: 'Email',
  phone: 'Phone',
  partySize: 'Party size',
  date: 'Date',
  time: 'Time',
  specialRequests: 'Special requests',
  eventType: 'Event type',
  status: 'Status',
  adminNotes: 'Admin notes',
  approvedBy: 'Decided by',
  approvedAt: 'Decided at',
  arrival: 'Arrival',
  games: 'Games',
  teachUs: 'Teach us a game',
};

const STATUS_LABELS: Record<string, string> = {
  pending: 'Pending',
  approved: 'Approved',
  rejected: 'Rejected',
  cancelled: 'Cancelled',
  confirmed: 'Confirmed',
  expected: 'Expected',
  arrived: 'Arrived',
  'no-show': 'No-show',
  noShow: 'No-show',
  seated: 'Seated',
};

/** Typed by a person: shown as written (no capital added, no quotes). */
const FREE_TEXT = new Set(['name', 'email', 'phone', 'specialRequests', 'adminNotes', 'approvedBy']);

const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const TIME = /^\d{2}:\d{2}$/;
/** A code word (a status, a kind): lower-case letters, dashes or camelCase, no spaces. */
const CODE = /^[a-z][a-zA-Z]*(?:[-_][a-zA-Z]+)*$/;

/** 'teachUs' → 'Teach us', 'no-show' → 'No show': a name nobody wrote a label for yet still reads as words. */
export const humanise = (code: string) => {
  const words = code
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/[-_]+/g, ' ')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

export const fieldLabel = (field: string) => FIELD_LABELS[field] ?? humanise(field);

/** People at a table ("4 people"), guests at a party ("12 guests"), as the lists say it. */
const sizeWords = (n: number, kind: 'reservation' | 'party') =>
  kind === 'party' ? `${n} ${n === 1 ? 'guest' : 'guests'}` : `${n} ${n === 1 ? 'person' : 'people'}`;

/**
 * A value as staff read it: statuses and codes as words, long dates, 12-hour times, café-time instants,
 * sizes with their unit, Yes/No, lists joined, '—' for nothing ('no e-mail' for an e-mail left empty).
 */
export function showValue(field: string, value: unknown, zone: string, kind: 'reservation' | 'party'): string {
  if (field === 'email' && value === '') return NO_EMAIL;
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'number') return field === 'partySize' ? sizeWords(value, kind) : value.toLocaleString('en-US');
  if (Array.isArray(value)) return value.length === 0 ? 'None' : value.map((v) => showValue(field, v, zone, kind)).join(', ');
  if (typeof value === 'string') {
    if (INSTANT.test(value))
      return DateTime.fromISO(value, { zone: 'utc' }).setZone(zone).setLocale('en-US').toFormat('LLL d, yyyy, h:mm a ZZZZ');
    if (DATE.test(value)) return formatLongDate(value);
    if (TIME.test(value)) return formatTime12(value);
    if (field === 'eventType') return eventTypeLabel(value);
    if (STATUS_LABELS[value] && !FREE_TEXT.has(field)) return STATUS_LABELS[value];
    if (!FREE_TEXT.has(field) && CODE.test(value)) return humanise(value);
    return value;
  }
  if (typeof value === 'object') {
    return Object.entries(value as Record<string, unknown>)
      .map(([k, v]) => `${fieldLabel(k)}: ${showValue(k, v, zone, kind)}`)
      .join('; ');
  }
  return JSON.stringify(value) ?? '—';
}
