/** What bench:api's driver and its server processes share: the seed, the bodies, the messages. */
import { existsSync, lstatSync, mkdtempSync, realpathSync, rmSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { addDays, PUBLIC_RESERVATION_SIZES, slotsFor, todayIn, weekdayOf, type FloorInput, type ReservationDetails } from '@cafe/contracts';

export const PUBLIC_URL = 'http://localhost:3000';

/** The closed days both the gateway and the CRUD peer are seeded with (so POSTs avoid them). */
export const BENCH_BLOCKED = (today: string) =>
  [7, 14, 21, 45].map((d, i) => ({ id: `bench-${i}`, date: addDays(today, d), reason: 'Private event' }));

/**
 * A server's outbox (the gateway's, the CRUD + mail peer's) in its data directory, the directory kept on
 * tmpfs (/dev/shm) unless BENCH_OUTBOX=disk. The outbox stands in for handing a mail to a mail server.
 * Creating an .eml on this machine's ext4 cost 12–100 µs of kernel time per file, depending on how many
 * files earlier runs had deleted (the inode allocator passes over recently freed inodes): noise that
 * both sides paid, and no cost of either design. The event log and the peer's database stay on disk
 * with their fsyncs. Without /dev/shm the outbox is on disk too.
 */
export function outboxIn(dir: string): string {
  const outbox = join(dir, 'outbox');
  if (outboxOnTmpfs()) symlinkSync(mkdtempSync('/dev/shm/cafe-bench-outbox-'), outbox);
  return outbox;
}

export const outboxOnTmpfs = () => process.env.BENCH_OUTBOX !== 'disk' && existsSync('/dev/shm');

/** A server's data directory removed, with its outbox on tmpfs. */
export function removeServerDir(dir: string): void {
  const outbox = join(dir, 'outbox');
  if (existsSync(outbox) && lstatSync(outbox).isSymbolicLink()) rmSync(realpathSync(outbox), { recursive: true, force: true });
  rmSync(dir, { recursive: true, force: true });
}

export type ServerMessage =
  /** outbox: where the server writes its mails as .eml files (the gateway and the CRUD + mail peer). */
  | { type: 'ready'; url: string; zone?: string; store?: string; dir?: string; availabilityDate?: string; outbox?: string }
  | { type: 'stats'; appended: number; rows: number; mails?: number }
  /** The reservations read model's size (the peers': their table's), cheap enough to ask while a side catches up. */
  | { type: 'rows'; rows: number }
  /** The availability of the 300-booking day, built uncached in the server (ms per answer), with and without a party size. */
  | { type: 'probed'; msPerAnswer: number; msPerAnswerForFour: number; answers: number }
  | { type: 'profiling' }
  | { type: 'profiled' };

/**
 * Valid public reservations on real future slots (days 1–360, within the booking horizon), skipping
 * the closed days; consecutive bodies book consecutive slots of one day, as a busy day would.
 */
export function reservationBodies(zone: string): string[] {
  const today = todayIn(zone);
  // The availability day keeps its 300 bookings: the POSTs book around it.
  const blocked = new Set([...BENCH_BLOCKED(today).map((b) => b.date), availabilityDay(today)]);
  const bodies: string[] = [];
  for (let d = 1; d <= 360; d++) {
    const date = addDays(today, d);
    if (blocked.has(date)) continue;
    for (const time of slotsFor(date)) {
      const n = bodies.length;
      bodies.push(
        JSON.stringify({
          name: `Bench Guest ${n}`,
          email: `guest${n}@example.com`,
          phone: `(608) 555-${String(n % 10000).padStart(4, '0')}`,
          // Every other size (2, 4, 6, 8, 10, 3, 5, …): neighbouring slots never ask for the same size of table, so
          // the 30-table floor takes every pass over these bodies a two-round run makes, as a real evening's mix would.
          partySize: PUBLIC_RESERVATION_SIZES[(n * 2) % PUBLIC_RESERVATION_SIZES.length],
          date,
          time,
          ...(n % 3 === 0 ? { specialRequests: 'A table near the game shelves, please' } : {}),
        }),
      );
    }
  }
  return bodies;
}

/**
 * The gateway with a floor (BENCH_FLOOR=1): 30 tables bookable online, six each seating 1–2, 3–4, 5–6, 7–8
 * and 9–10 guests, the 10-tops joinable in pairs as 11–20; every party stays 60 minutes, so one Saturday
 * (11 AM – 11 PM) can hold 300 bookings on it.
 */
export const BENCH_FLOOR: FloorInput = {
  areas: [
    { name: 'Main room', tables: [...tables('Two', 1, 2), ...tables('Four', 3, 4)] },
    { name: 'Back room', tables: [...tables('Six', 5, 6), ...tables('Eight', 7, 8)] },
    { name: 'Patio', tables: tables('Ten', 9, 10) },
  ],
  combinations: [1, 3, 5].map((n) => ({ tables: [`Ten ${n}`, `Ten ${n + 1}`], minSeats: 11, maxSeats: 20 })),
  stays: { bands: [{ fromGuests: 1, minutes: 60 }], gameMaxMinutes: 240 },
  maxOversizeOnline: 2,
};

function tables(kind: string, minSeats: number, maxSeats: number) {
  return [1, 2, 3, 4, 5, 6].map((n) => ({ name: `${kind} ${n}`, minSeats, maxSeats, online: true }));
}

/** The day whose availability is measured: the first Saturday a month ahead (slots 11:00–22:00), no closed day. */
export function availabilityDay(today: string): string {
  let date = addDays(today, 30);
  while (weekdayOf(date) !== 6) date = addDays(date, 1);
  return date;
}

/**
 * The availability day's 300 public bookings: every hour from 11:00 to 22:00, five parties each of 2, 4, 6,
 * 8 and 10 guests (25 of the 30 tables for that hour on the floor; 150 of the 1000 seats without one).
 */
export function availabilityDayBookings(date: string): ReservationDetails[] {
  const bookings: ReservationDetails[] = [];
  for (let hour = 11; hour <= 22; hour++) {
    for (const partySize of [2, 4, 6, 8, 10]) {
      for (let k = 0; k < 5; k++) {
        const n = bookings.length;
        bookings.push({
          name: `Day Guest ${n}`,
          email: `day${n}@example.com`,
          phone: `(608) 555-${String(n).padStart(4, '0')}`,
          partySize,
          date,
          time: `${String(hour).padStart(2, '0')}:00`,
        });
      }
    }
  }
  return bookings;
}
