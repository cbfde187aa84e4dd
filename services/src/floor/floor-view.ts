import { FLOOR_LIMITS, OFFER_HOLD_LABEL, hasTables, minutesOf, type Floor, type FloorView, type StayOut } from '@cafe/contracts';
import type { FloorDayDoc, FloorHold } from './floor-days-projection.js';
import { isUnplaced } from './floor-days-projection.js';
import { holdList } from '../cafe-day/index.js';
import type { FloorGuestDoc } from './floor-guests-projection.js';

/** HH:mm of a minute of the day; past midnight reads as the next day's clock (00:30). */
const clockOf = (minutes: number) => {
  const m = ((minutes % 1440) + 1440) % 1440;
  return `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
};

/** Where the plan draws a table staff have not placed: rows of up to 10 per area, each area below the one before. */
const PER_ROW = 10;
const STEP = 3;
const cell = (n: number) => Math.min(FLOOR_LIMITS.grid - 1, n);

function stayOf(bookingId: string, hold: FloorHold, guest: FloorGuestDoc | undefined): StayOut | null {
  if (guest?.arrival === 'no-show') return null;
  const status = guest?.arrival === 'arrived' || guest?.arrival === 'seated' ? 'seated' : guest?.arrival === 'finished' ? 'done' : 'booked';
  return {
    bookingId,
    kind: hold.kind,
    name: guest?.name ?? (hold.kind === 'event' ? 'Event' : hold.kind === 'offer' ? OFFER_HOLD_LABEL : 'Guest'),
    partySize: hold.partySize,
    tables: hold.tables ?? [],
    time: hold.time,
    until: clockOf(minutesOf(hold.time) + hold.holdingMinutes),
    status,
  };
}

/** The minute a stay ends (a stay past midnight ends after 24:00). */
const endOf = (s: StayOut) => {
  const start = minutesOf(s.time);
  const end = minutesOf(s.until);
  return end <= start ? end + 1440 : end;
};

export interface ViewInput {
  floor: Floor | null;
  date: string;
  time: string;
  day: FloorDayDoc | null;
  guests: Map<string, FloorGuestDoc>;
  unplaced: FloorView['unplaced'];
}

/**
 * The host's view of a date at a time: each table free, seated (its guests came and their stay is on),
 * or over (they came and their stay has ended: red), with the stay on it now and the next one; the
 * day's stays once each for the timeline (a combination's once, with all its tables); and the bookings
 * left without a table. Without a floor it lists the day's stays only.
 */
export function floorView(input: ViewInput): FloorView {
  const { floor, date, time, day, guests } = input;
  const withFloor = hasTables(floor);
  const stays = holdList(day?.holds)
    .filter((hold) => !withFloor || (hold.tables?.length ?? 0) > 0)
    .flatMap((hold) => stayOf(hold.bookingId, hold, guests.get(hold.bookingId)) ?? [])
    .sort((a, b) => a.time.localeCompare(b.time) || a.bookingId.localeCompare(b.bookingId));
  const at = minutesOf(time);
  const tables: FloorView['tables'] = [];
  if (withFloor) {
    let row = 0;
    for (const area of floor!.areas) {
      area.tables.forEach((table, i) => {
        const on = stays.filter((s) => s.tables.some((t) => t.toLowerCase() === table.name.toLowerCase()) && s.status !== 'done');
        const started = on.filter((s) => minutesOf(s.time) <= at);
        const seated = started.filter((s) => s.status === 'seated');
        const now = seated.find((s) => at < endOf(s));
        const over = now ? undefined : seated.sort((a, b) => endOf(b) - endOf(a))[0];
        const expected = started.find((s) => s.status === 'booked' && at < endOf(s));
        const current = now ?? over ?? expected ?? null;
        const next = on.find((s) => s.status === 'booked' && s !== current && minutesOf(s.time) >= at) ?? null;
        tables.push({
          name: table.name,
          area: area.name,
          minSeats: table.minSeats,
          maxSeats: table.maxSeats,
          online: table.online,
          x: table.x ?? cell((i % PER_ROW) * STEP),
          y: table.y ?? cell((row + Math.floor(i / PER_ROW)) * STEP),
          shape: table.shape ?? (table.maxSeats > 6 ? 'long' : 'square'),
          status: now ? 'seated' : over ? 'over' : 'free',
          current,
          next,
        });
      });
      row += Math.max(1, Math.ceil(area.tables.length / PER_ROW));
    }
  }
  return { date, time, hasFloor: withFloor, tables, stays, unplaced: input.unplaced };
}

/** The bookings left without a table on these dates' documents, in date and time order. */
export function unplacedOf(days: FloorDayDoc[], guests: Map<string, FloorGuestDoc>): FloorView['unplaced'] {
  return days
    .flatMap((day) =>
      holdList(day.holds)
        .filter((hold) => isUnplaced(hold))
        .map(({ bookingId, ...hold }) => ({
          bookingId,
          date: day.date,
          time: hold.time,
          name: guests.get(bookingId)?.name ?? 'Guest',
          partySize: hold.partySize,
        })),
    )
    .sort((a, b) => a.date.localeCompare(b.date) || a.time.localeCompare(b.time) || a.bookingId.localeCompare(b.bookingId));
}
