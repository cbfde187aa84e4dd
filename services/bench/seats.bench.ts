/**
 * `npm run bench:seats`: what a booking's seats cost as its day fills. For days already holding 0 to 300
 * bookings, one more booking's seats are decided and folded into the day's state, and its SeatsReserved
 * evolved into the three read models that keep the whole day (seating, floor_days, report_days): the
 * work a booking does on its day, on the answering path and after it. Two cafés: one seating by its seat
 * count, one by bench:api's 30-table floor (BENCH_FLOOR, 60-minute stays). Printed: µs per booking, each
 * the better of two passes of 20,000 bookings (a fresh id each, at the day's slots in turn), so a first
 * pass warms the code. A cost that grows with the day's bookings is work done for every booking already
 * there: a busy Saturday's every booking would pay it. Beside it, µs per answer, the day's availability
 * (GET /api/availability) built from the seating read model, as its next visitor after each change waits
 * for it (the route caches it until the day changes): best of three passes of 500.
 */
import { cafeNowIn, floorSchema, type Floor, type SeatHold, type SeatingEvent } from '@cafe/contracts';
import { FLOOR_DOC_ID, seatingDecider, seatingProjection, type SeatingState } from '../src/cafe-day/index.js';
import { MemoryDocumentStore } from '../src/platform/document-store/memory-document-store.js';
import { availabilityOf } from '../src/seating/seating-routes.js';
import { floorDaysProjection } from '../src/floor/floor-days-projection.js';
import { reportDaysProjection } from '../src/reports/report-days-projection.js';
import type { Doc } from '../src/platform/document-store/document-store.js';
import type { RecordedEvent } from '../src/platform/event-store/event-store.js';
import type { Projection } from '../src/platform/projections/projection.js';
import { BENCH_FLOOR } from './api-bench-shared.js';

const DATE = '2027-03-06';
const SIZES = [0, 50, 100, 200, 300];
const BOOKINGS = 20_000;
/** Availability answers timed per pass (best of three). */
const ANSWERS = 500;
const NOW = new Date('2027-02-01T18:00:00Z');
const TIME = { now: NOW, today: '2027-02-01', zone: 'America/Chicago' };
const AT = NOW.toISOString();
const slots = Array.from({ length: 23 }, (_, i) => `${String(11 + Math.floor(i / 2)).padStart(2, '0')}:${i % 2 ? '30' : '00'}`);
const readModels = [seatingProjection, floorDaysProjection, reportDaysProjection] as unknown as Projection[];

const recorded = (data: SeatingEvent['data'], n: number): RecordedEvent => ({
  id: `e${n}`,
  type: 'SeatsReserved',
  streamId: `seating-${DATE}`,
  revision: BigInt(n),
  position: BigInt(n),
  data,
  metadata: { occurredAt: AT, actor: { kind: 'system', name: 'bench' }, correlationId: 'b', causationId: 'b' },
  recordedAt: AT,
});

/** A day as the café has it: its state and its three read models' documents. */
interface Day {
  state: SeatingState;
  docs: (Doc | null)[];
}

/** One booking on the day: decided, folded, and evolved into the read models (the day as it was is kept). */
function book(day: Day, floor: Floor | null, n: number): Day | null {
  const hold: SeatHold = {
    bookingId: `b${n}`,
    kind: 'reservation',
    time: slots[n % slots.length]!,
    partySize: 1 + (n % 8),
    holdingMinutes: 60,
  };
  const command = { type: 'ReserveSeats' as const, date: DATE, hold, capacity: 100_000, override: false, floor, online: true };
  let events: SeatingEvent[];
  try {
    events = seatingDecider.decide(command, day.state, TIME);
  } catch {
    return null; // No table free at that time: refused, as a guest would be.
  }
  const state = events.reduce(seatingDecider.evolve, day.state);
  const docs = day.docs.map((doc, i) =>
    events.reduce<Doc | null>((d, e, k) => readModels[i]!.evolve(d, recorded(e.data, n * 4 + k), DATE), doc),
  );
  return { state, docs };
}

function dayOf(size: number, floor: Floor | null): Day {
  let day: Day = { state: seatingDecider.initialState(), docs: readModels.map(() => null) };
  for (let n = 0, held = 0; held < size && n < size * 20; n++) {
    const next = book(day, floor, n);
    if (next) [day, held] = [next, held + 1];
  }
  return day;
}

/** The day's availability as the route builds it after each change (from the seating read model), µs per answer. */
async function availabilityMicros(day: Day, floor: Floor | null): Promise<number> {
  const documents = new MemoryDocumentStore();
  const seating = [day.docs[0], ...(floor ? [{ _id: FLOOR_DOC_ID, floor }] : [])].filter((d): d is Doc => d !== null);
  await documents.collection(seatingProjection.name).putMany(seating);
  const now = cafeNowIn(TIME.zone, NOW);
  let best = Infinity;
  for (let pass = 0; pass < 3; pass++) {
    const start = performance.now();
    for (let n = 0; n < ANSWERS; n++) await availabilityOf(documents, DATE, now);
    best = Math.min(best, ((performance.now() - start) * 1000) / ANSWERS);
  }
  return best;
}

async function perBooking(size: number, floor: Floor | null): Promise<{ micros: number; held: number; availability: number }> {
  const day = dayOf(size, floor);
  const held = day.state.status === 'empty' ? 0 : day.state.holds.length;
  let best = Infinity;
  for (let pass = 0; pass < 2; pass++) {
    const start = performance.now();
    // New bookings each pass, as a day only ever sees a booking arrive once.
    for (let n = 0; n < BOOKINGS; n++) book(day, floor, (pass + 1) * 1_000_000 + n);
    best = Math.min(best, ((performance.now() - start) * 1000) / BOOKINGS);
  }
  return { micros: best, held, availability: await availabilityMicros(day, floor) };
}

const floor = floorSchema.parse(BENCH_FLOOR);
console.log(
  `bench:seats — one more booking's seats on a day already holding N bookings, µs per booking (best of 2 × ${BOOKINGS.toLocaleString('en-US')})`,
);
console.log(
  '| bookings on the day | a booking, by seat count | by tables (30-table floor) | its availability built, by seat count | by tables |',
);
console.log(
  '| ------------------- | ------------------------ | -------------------------- | ------------------------------------ | --------- |',
);
for (const size of SIZES) {
  const bySeats = await perBooking(size, null);
  const byTables = await perBooking(size, floor);
  const tablesHeld = byTables.held === size ? '' : ` (the floor took ${byTables.held})`;
  console.log(
    `| ${size} | ${bySeats.micros.toFixed(1)} | ${byTables.micros.toFixed(1)}${tablesHeld} | ${bySeats.availability.toFixed(0)} | ${byTables.availability.toFixed(0)} |`,
  );
}
