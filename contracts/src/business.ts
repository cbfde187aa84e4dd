/** The café's business constants (sizes, event types, default hours), shared by the browser and the server. */
export const DEFAULT_TIME_ZONE = 'America/Chicago';

export const PUBLIC_RESERVATION_SIZES = range(2, 10);
export const ADMIN_RESERVATION_SIZES = range(1, 10);
export const PUBLIC_PARTY_SIZES = range(6, 24);
export const ADMIN_PARTY_SIZES = [...range(1, 10), 15, 20, 25, 30];
export const DEFAULT_RESERVATION_SIZE = 2;
export const DEFAULT_PARTY_SIZE = 6;

/** Event types offered on the public party form. */
export const PUBLIC_EVENT_TYPES = [
  { value: 'birthday', label: 'Birthday Party' },
  { value: 'corporate', label: 'Corporate Event' },
  { value: 'team-building', label: 'Team Building' },
  { value: 'celebration', label: 'Celebration' },
  { value: 'other', label: 'Other' },
] as const;

/** Event types offered in the admin dashboard: the two lists differ, both are valid. */
export const ADMIN_EVENT_TYPES = [
  { value: 'birthday', label: 'Birthday Party' },
  { value: 'corporate', label: 'Corporate Event' },
  { value: 'anniversary', label: 'Anniversary' },
  { value: 'graduation', label: 'Graduation' },
  { value: 'holiday', label: 'Holiday Party' },
  { value: 'other', label: 'Other' },
] as const;

export const EVENT_TYPE_VALUES = [...new Set([...PUBLIC_EVENT_TYPES, ...ADMIN_EVENT_TYPES].map((t) => t.value))] as [string, ...string[]];

export function eventTypeLabel(value: string | null | undefined): string {
  if (!value) return 'Not specified';
  const found = [...PUBLIC_EVENT_TYPES, ...ADMIN_EVENT_TYPES].find((t) => t.value === value);
  return found ? found.label : value;
}

export const DEFAULT_HOURS = {
  monday: '3:00 PM - 11:00 PM',
  saturday: '11:00 AM - 11:00 PM',
  sunday: '11:00 AM - 8:00 PM',
} as const;
export const DEFAULT_PHONE = '(262) 555-0142';
export const DEFAULT_EMAIL = 'hello@meeplehavencafe.com';

function range(from: number, to: number): number[] {
  return Array.from({ length: to - from + 1 }, (_, i) => from + i);
}

/** How far ahead a guest may book (days after the café's today); the server's BOOKING_HORIZON_DAYS may change it. */
export const DEFAULT_BOOKING_HORIZON_DAYS = 365;
