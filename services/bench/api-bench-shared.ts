/** What bench:api's driver and its server processes share: the seed, the bodies, the messages. */
import { addDays, PUBLIC_RESERVATION_SIZES, slotsFor, todayIn } from '@cafe/contracts';

export const PUBLIC_URL = 'http://localhost:3000';

/** The closed days both the gateway and the CRUD peer are seeded with (so POSTs avoid them). */
export const BENCH_BLOCKED = (today: string) =>
  [7, 14, 21, 45].map((d, i) => ({ id: `bench-${i}`, date: addDays(today, d), reason: 'Private event' }));

export type ServerMessage =
  | { type: 'ready'; url: string; zone?: string; store?: string; dir?: string }
  | { type: 'stats'; appended: number; rows: number }
  | { type: 'profiling' }
  | { type: 'profiled' };

/**
 * Valid public reservations on real future slots (days 1–360, within the booking horizon), skipping
 * the closed days; consecutive bodies book consecutive slots of one day, as a busy day would.
 */
export function reservationBodies(zone: string): string[] {
  const today = todayIn(zone);
  const blocked = new Set(BENCH_BLOCKED(today).map((b) => b.date));
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
          partySize: PUBLIC_RESERVATION_SIZES[n % PUBLIC_RESERVATION_SIZES.length],
          date,
          time,
          ...(n % 3 === 0 ? { specialRequests: 'A table near the game shelves, please' } : {}),
        }),
      );
    }
  }
  return bodies;
}
