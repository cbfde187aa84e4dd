import {
  eventTypeLabel,
  isEventDate,
  notComing,
  type ArrivalStatus,
  type DaySheet,
  type DaySheetEvent,
  type DaySheetRow,
  type GameSummary,
} from '@cafe/contracts';

/** A live booking of the day as the calendar read model holds it (the fields the sheet prints). */
export interface SheetBooking {
  kind: 'reservation' | 'party';
  id: string;
  time: string;
  partySize: number;
  name: string;
  phone: string;
  status?: string;
  eventType?: string | null;
  specialRequests?: string | null;
  adminNotes?: string | null;
  games?: string[];
  teachUs?: boolean;
  createdAt?: string;
}

/** Whether its guests came (booking_visits), per booking. */
export interface SheetVisit {
  kind: 'reservation' | 'party';
  id: string;
  state: 'live' | 'pending' | 'rejected' | 'cancelled';
  arrival: ArrivalStatus;
  walkIn: boolean;
}

/** A cancelled booking of the day (booking_search keeps the guest's name after a cancellation). */
export interface SheetCancelled {
  kind: 'reservation' | 'party';
  id: string;
  time: string;
  partySize: number;
  name: string;
  phone: string;
}

export interface SheetEvent {
  id: string;
  title: string;
  date: string;
  time: string | null;
  location: string | null;
  maxAttendees: number | null;
  repeat?: 'weekly' | 'monthly' | null;
}

export interface SheetSignUp {
  _id: string;
  eventId: string;
  name: string;
  phone: string;
  places: number;
  status: 'confirmed' | 'waitlisted' | 'cancelled';
  checkedInAt: string | null;
  signedUpAt: string;
}

export interface DaySheetSources {
  date: string;
  bookings: SheetBooking[];
  visits: SheetVisit[];
  cancelled: SheetCancelled[];
  games: GameSummary[];
  events: SheetEvent[];
  signUps: SheetSignUp[];
}

const key = (b: { kind: string; id: string }) => `${b.kind}:${b.id}`;
/** Code-point order: ISO instants and the cancelled rows' '~' sort the same everywhere (no locale). */
const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** A day's sheet from the read models' documents: pure, so the route only reads. */
export function composeDaySheet(src: DaySheetSources): DaySheet {
  const visits = new Map(src.visits.map((v) => [key(v), v]));
  const titles = new Map(src.games.map((g) => [g.id, g.title]));
  // The calendar keeps every party request; the day's parties are the approved ones.
  const live = src.bookings.filter((b) => b.kind === 'reservation' || b.status === 'approved');
  const rows: (DaySheetRow & { order: string })[] = live.map((b) => {
    const visit = visits.get(key(b));
    return {
      kind: b.kind,
      id: b.id,
      time: b.time,
      partySize: b.partySize,
      name: b.name,
      phone: b.phone,
      type: b.kind === 'reservation' ? 'Table' : b.eventType ? eventTypeLabel(b.eventType) : 'Party',
      specialRequests: b.specialRequests ?? null,
      adminNotes: b.adminNotes ?? null,
      status: visit?.arrival ?? 'expected',
      walkIn: visit?.walkIn ?? false,
      games: (b.games ?? []).map((id) => titles.get(id) ?? 'Unknown game'),
      teachUs: b.teachUs ?? false,
      order: b.createdAt ?? '',
    };
  });
  const listed = new Set(rows.map(key));
  for (const c of src.cancelled) {
    if (listed.has(key(c))) continue;
    rows.push({
      ...c,
      type: c.kind === 'reservation' ? 'Table' : 'Party',
      specialRequests: null,
      adminNotes: null,
      status: 'cancelled',
      walkIn: false,
      games: [],
      teachUs: false,
      // After the live bookings of its time.
      order: '~',
    });
  }
  rows.sort((a, b) => cmp(a.time, b.time) || cmp(a.order, b.order) || a.name.localeCompare(b.name) || cmp(a.id, b.id));
  const bookings = rows.map(({ order: _order, ...row }) => row);

  const events = src.events
    .filter((e) => isEventDate(e.date, e.repeat, src.date))
    .map((e): DaySheetEvent => {
      const mine = src.signUps.filter((s) => s.eventId === e.id);
      // By name: the list staff run down at the door.
      const attendees = mine.filter((s) => s.status === 'confirmed').sort((a, b) => a.name.localeCompare(b.name) || cmp(a._id, b._id));
      return {
        eventId: e.id,
        title: e.title,
        time: e.time,
        location: e.location,
        capacity: e.maxAttendees,
        placesTaken: attendees.reduce((n, s) => n + s.places, 0),
        waitlisted: mine.filter((s) => s.status === 'waitlisted').length,
        attendees: attendees.map((s) => ({ id: s._id, name: s.name, phone: s.phone, places: s.places, checkedIn: s.checkedInAt !== null })),
      };
    })
    .sort((a, b) => (a.time ?? '99:99').localeCompare(b.time ?? '99:99') || a.title.localeCompare(b.title));

  return {
    date: src.date,
    bookings,
    events,
    totals: {
      bookings: bookings.filter((b) => b.status !== 'cancelled').length,
      guests: bookings.filter((b) => !notComing(b.status)).reduce((n, b) => n + b.partySize, 0),
      noShows: bookings.filter((b) => b.status === 'no-show').length,
      cancelled: bookings.filter((b) => b.status === 'cancelled').length,
      eventGuests: events.reduce((n, e) => n + e.placesTaken, 0),
    },
  };
}
