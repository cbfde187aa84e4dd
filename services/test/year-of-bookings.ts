/**
 * `tsx services/test/year-of-bookings.ts <DATA_DIR> <zone> <total> <per-day> <staff e-mail>`: a busy café's
 * year of future table reservations, written into an embedded data directory through the staff booking
 * command (`requestReservation`, as POST /api/admin/reservations?override=capacity runs it: the decider,
 * the day's seats, the encrypted guest fields, the read models), in this process and without the e-mail
 * reactor (its checkpoint is left at the head). A gateway started on the directory then serves them. The browser test of the List View
 * (web/e2e/list-scale) seeds with it: through HTTP its 15,000 bookings took a worker 60–130 s and each
 * wrote a confirmation e-mail nobody reads; here the same events cost a few seconds.
 *
 * Booking n: `Guest 0000n`, guest{n}@example.com, 50 a day from tomorrow (days without slots skipped),
 * spread over each day's slots, sizes 1 to 6, every fifth with a special request.
 */
import { join } from 'node:path';
import pino from 'pino';
import { addDays, adminReservationSchema, slotsFor, todayIn, type Actor, type ReservationDetails } from '@cafe/contracts';
import { loadConfig } from '../src/platform/config.js';
import { createRuntime } from '../src/platform/runtime/runtime.js';
import { features } from '../src/features.js';
import { requestReservation } from '../src/reservations/index.js';
import { ReactorCheckpoint } from '../src/notifications/notifications-reactor-checkpoint.js';

/** A staff booking's fields, as the Add New Reservation dialog sends them. */
export type PlannedBooking = Pick<ReservationDetails, 'name' | 'email' | 'phone' | 'partySize' | 'date' | 'time' | 'specialRequests'>;

/** Every reservation to make, in the order described above. */
export function plannedBookings(today: string, total: number, perDay: number): PlannedBooking[] {
  const planned: PlannedBooking[] = [];
  for (let day = 1; planned.length < total; day++) {
    const date = addDays(today, day);
    const slots = slotsFor(date);
    if (slots.length === 0) continue;
    for (let i = 0; i < perDay && planned.length < total; i++) {
      const n = planned.length;
      planned.push({
        name: `Guest ${String(n).padStart(5, '0')}`,
        email: `guest${n}@example.com`,
        phone: `(262) 555-${String(n % 10_000).padStart(4, '0')}`,
        partySize: 1 + (i % 6),
        date,
        time: slots[(i * 7) % slots.length]!,
        ...(n % 5 === 0 ? { specialRequests: 'Near the game shelf' } : {}),
      });
    }
  }
  return planned;
}

async function main(): Promise<void> {
  const [dataDir, zone, total, perDay, staffEmail] = process.argv.slice(2);
  if (!dataDir || !zone || !total || !perDay || !staffEmail) {
    throw new Error('usage: year-of-bookings.ts <DATA_DIR> <zone> <total> <per-day> <staff e-mail>');
  }
  const config = loadConfig({
    NODE_ENV: 'development',
    DATA_DIR: dataDir,
    BUSINESS_TIME_ZONE: zone,
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    WEB_DIST: join(dataDir, 'no-web'),
  });
  // Without the e-mail reactor, and no feature started (no reactors, no demo): only the commands' own work.
  const runtime = await createRuntime({
    config,
    logger: pino({ level: 'silent' }),
    features: features.filter((f) => f.name !== 'notifications'),
    startFeatures: false,
  });
  const actor: Actor = { kind: 'admin', email: staffEmail, userId: 'year-of-bookings' };
  const today = todayIn(zone);
  // Parsed with the staff dialog's contract schema, as the route parses its body.
  const schema = adminReservationSchema(today, config.bookingHorizonDays);
  const planned = plannedBookings(today, Number(total), Number(perDay));
  const queue = [...planned].reverse();
  const started = performance.now();
  // Several at a time, as staff requests would arrive (commands on one day take turns, StreamStates.turn).
  const worker = async () => {
    for (let job = queue.pop(); job; job = queue.pop()) {
      const id = `year-${job.email}`;
      await requestReservation(
        runtime,
        'admin',
        schema.parse(job),
        { actor, correlationId: id, causationId: id },
        { overrideCapacity: true },
      );
    }
  };
  await Promise.all(Array.from({ length: 24 }, worker));
  const head = await runtime.eventStore.headPosition();
  await runtime.readModels.waitFor(head);
  // The e-mail reactor's checkpoint at the head, as if each confirmation had gone out as it was booked:
  // else the gateway started on this directory would mail all of them, while the List View is timed.
  await new ReactorCheckpoint({ documents: runtime.documents, clock: runtime.clock, logger: runtime.logger }, () => head).save();
  await runtime.close();
  // Worded unlike a test runner's summary ("N passed in X s"): CI reads the log's closing lines.
  console.log(`reservations made: ${total}, taking ${((performance.now() - started) / 1000).toFixed(1)} s`);
  // The day the bookings start: a test that runs after the café's midnight has a later today than this one.
  console.log(`first booking day: ${planned[0]!.date}`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
}
