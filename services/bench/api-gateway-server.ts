/**
 * bench:api's gateway process: the real gateway (createRuntime + buildApp) on a fresh embedded store,
 * with a few closed days and a roomy café. Started by api.bench.ts, pinned to one CPU; answers its
 * messages: stats, rows, probe (the availability day built uncached), profile-start / profile-stop
 * (BENCH_PROFILE), stop. BENCH_FLOOR=1: the café seats by BENCH_FLOOR's 30 tables; BENCH_DAY=1: the
 * availability day holds its 300 bookings (booked through the command path before the runs).
 */
import { cafeNowIn, floorSchema, todayIn } from '@cafe/contracts';
import { buildApp } from '../src/platform/http/app.js';
import { outboxDir } from '../src/platform/mailer/mailer.js';
import { blockedDateStream } from '../src/blocked-dates/blocked-date-decider.js';
import { FLOOR_STREAM } from '../src/cafe-day/index.js';
import { requestReservation } from '../src/reservations/index.js';
import { availabilityOf } from '../src/seating/seating-routes.js';
import { roomyCafe } from '../test/live-load.js';
import { benchRuntime } from './bench-gateway.js';
import { cpuProfiler } from './cpu-profiler.js';
import {
  BENCH_BLOCKED,
  BENCH_FLOOR,
  availabilityDay,
  availabilityDayBookings,
  removeServerDir,
  type ServerMessage,
} from './api-bench-shared.js';

async function serve(): Promise<void> {
  const { dataDir, config, runtime } = await benchRuntime('cafe-bench-api-');

  // A few closed days so GET /api/blocked-dates has a realistic answer (and POSTs avoid them).
  const blocked = BENCH_BLOCKED(todayIn(config.zone));
  for (const b of blocked) {
    const metadata = {
      occurredAt: new Date().toISOString(),
      actor: { kind: 'system' as const, name: 'bench' },
      correlationId: b.id,
      causationId: b.id,
    };
    await runtime.eventStore.appendToStream(
      blockedDateStream(b.date),
      [{ type: 'DateBlocked', data: { blockedDateId: b.id, date: b.date, reason: b.reason }, metadata }],
      { expectedRevision: 'no_stream' },
    );
  }
  await roomyCafe(runtime.eventStore);
  if (process.env.BENCH_FLOOR === '1') {
    const metadata = {
      occurredAt: new Date().toISOString(),
      actor: { kind: 'system' as const, name: 'bench' },
      correlationId: 'floor',
      causationId: 'floor',
    };
    const floor = floorSchema.parse(BENCH_FLOOR);
    await runtime.eventStore.appendToStream(FLOOR_STREAM, [{ type: 'FloorSet', data: { floor, changes: [] }, metadata }]);
  }
  await runtime.readModels.waitFor(await runtime.eventStore.headPosition());
  // The availability day: its 300 bookings made as guests make them (on the floor: each at a table).
  const day = availabilityDay(todayIn(config.zone));
  if (process.env.BENCH_DAY === '1') {
    for (const [n, details] of availabilityDayBookings(day).entries()) {
      const context = { actor: { kind: 'visitor' as const }, correlationId: `day-${n}`, causationId: `day-${n}` };
      await requestReservation(runtime, 'public', details, context);
    }
  }

  const app = await buildApp(runtime, { logRequests: false, serveWeb: false });
  const url = await app.listen({ host: '127.0.0.1', port: 0 });
  const send = (message: ServerMessage) => process.send!(message);

  // BENCH_PROFILE=<dir>: a CPU profile of this process for each measured run, one file per route and round.
  const profiler = await cpuProfiler();

  const onMessage = async (message: { type: string; name?: string }) => {
    if (message.type === 'profile-start') {
      await profiler.start();
      send({ type: 'profiling' });
    } else if (message.type === 'profile-stop') {
      await profiler.stop(message.name!);
      send({ type: 'profiled' });
    } else if (message.type === 'stats') {
      send({
        type: 'stats',
        // Count requests, not the head: the mail reactor and the seats append events of their own.
        appended: (await runtime.eventStore.readAll()).filter((e) => e.type === 'ReservationRequested').length,
        rows: await runtime.documents.collection('reservations').count(),
      });
    } else if (message.type === 'rows') {
      send({ type: 'rows', rows: await runtime.documents.collection('reservations').count() });
    } else if (message.type === 'probe') {
      // The answer the route caches, built anew each time: what a change to the day costs its next visitor.
      const time = async (partySize?: number) => {
        const rounds = 200;
        const start = performance.now();
        for (let i = 0; i < rounds; i++) await availabilityOf(runtime.documents, day, cafeNowIn(config.zone), partySize);
        return (performance.now() - start) / rounds;
      };
      const answers = (await availabilityOf(runtime.documents, day, cafeNowIn(config.zone))).slots.length;
      send({ type: 'probed', msPerAnswer: await time(), msPerAnswerForFour: await time(4), answers });
    } else if (message.type === 'stop') {
      await app.close();
      await runtime.close();
      removeServerDir(dataDir);
      process.exit(0);
    }
  };
  process.on('message', (message: { type: string; name?: string }) => void onMessage(message));
  // The driver died without saying stop: do not outlive it.
  process.once('disconnect', () => {
    removeServerDir(dataDir);
    process.exit(1);
  });
  const store = `${dataDir} (embedded SQLite, group commit)`;
  // No SMTP_URL: the outbox mailer writes each mail as an .eml there, which the driver counts.
  send({ type: 'ready', url, zone: config.zone, store, dir: dataDir, availabilityDate: day, outbox: outboxDir(config) });
}

serve().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
