/**
 * `npm run bench:history [-- PHASES]`: what a booking costs all in as the café's history grows. One
 * gateway process (createRuntime + buildApp on a fresh embedded store, the roomy bench café), pinned to
 * one CPU where there are two, books PHASES × BENCH_BOOKINGS (default 8 × 12,000) public reservations
 * through `app.inject` (no sockets: the HTTP server's own cost stays out), 50 at a time, cycling over
 * bench:api's bodies (every slot of the next 355 days, so each pass adds some 16 bookings to every day).
 * After each phase it waits until every booking's confirmation is in the outbox, then prints the phase's
 * answered and all-in rates, its CPU per booking (user + system, every thread; the bench's own counting
 * of the outbox left out) and the heap. The outbox is on tmpfs as in bench:api (BENCH_OUTBOX=disk: on
 * disk). BENCH_PROFILE=<dir>: a CPU profile of each phase.
 *
 * A phase costing more than the one before is work that grows with the bookings a day or the store
 * already holds: bench:api's second round runs on some 40,000 bookings.
 */
import { readdirSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { buildApp } from '../src/platform/http/app.js';
import { outboxDir } from '../src/platform/mailer/mailer.js';
import { roomyCafe } from '../test/live-load.js';
import { benchRuntime } from './bench-gateway.js';
import { cpuProfiler } from './cpu-profiler.js';
import { outboxOnTmpfs, removeServerDir, reservationBodies } from './api-bench-shared.js';
import { startPinned } from './pinned-child.js';

const PHASES = Number(process.argv[2] ?? process.env.BENCH_PHASES ?? 8);
const BOOKINGS = Number(process.env.BENCH_BOOKINGS ?? 12_000);
const CONNECTIONS = 50;

async function run(): Promise<void> {
  const { dataDir, config, runtime } = await benchRuntime('cafe-bench-history-');
  await roomyCafe(runtime.eventStore);
  const app = await buildApp(runtime, { logRequests: false, serveWeb: false });
  const bodies = reservationBodies(config.zone);
  const profiler = await cpuProfiler();
  // The bench's own counting is left out of the CPU per booking: reading a directory of tens of thousands
  // of files grows with every phase, and it is not the gateway's work (bench:api counts from the driver).
  let countingMicros = 0;
  const mails = () => {
    const before = process.threadCpuUsage();
    const count = readdirSync(outboxDir(config)).filter((f) => f.endsWith('.eml')).length;
    const spent = process.threadCpuUsage(before);
    countingMicros += spent.user + spent.system;
    return count;
  };
  console.log(
    `bench:history — ${PHASES} phases of ${BOOKINGS.toLocaleString('en-US')} bookings, ${CONNECTIONS} at a time through app.inject; ` +
      `outbox ${outboxOnTmpfs() ? 'on tmpfs' : 'on disk'}`,
  );
  console.log('| phase | bookings before | answered/s | all-in/s | CPU ms/booking | heap MB |');
  console.log('| ----- | --------------- | ---------- | -------- | -------------- | ------- |');
  let next = 0;
  try {
    for (let phase = 1; phase <= PHASES; phase++) {
      let sent = 0;
      await profiler.start();
      const start = performance.now();
      const cpu = process.cpuUsage();
      countingMicros = 0;
      const client = async () => {
        while (sent < BOOKINGS) {
          sent++;
          const payload = bodies[next++ % bodies.length]!;
          const reply = await app.inject({
            method: 'POST',
            url: '/api/reservations',
            payload,
            headers: { 'content-type': 'application/json' },
          });
          if (reply.statusCode !== 201) throw new Error(`POST answered ${reply.statusCode}: ${reply.body}`);
        }
      };
      await Promise.all(Array.from({ length: CONNECTIONS }, client));
      const answered = performance.now() - start;
      // Polled slowly: reading a directory of tens of thousands of files is itself work on this CPU.
      while (mails() < BOOKINGS * phase) await new Promise((resolve) => setTimeout(resolve, 1000));
      const allIn = performance.now() - start;
      const used = process.cpuUsage(cpu);
      await profiler.stop(`phase-${phase}`);
      const rate = (ms: number) => Math.round((BOOKINGS / ms) * 1000).toLocaleString('en-US');
      console.log(
        `| ${phase} | ${(BOOKINGS * (phase - 1)).toLocaleString('en-US')} | ${rate(answered)} | ${rate(allIn)} | ` +
          `${((used.user + used.system - countingMicros) / 1000 / BOOKINGS).toFixed(3)} | ${Math.round(process.memoryUsage().heapUsed / 1e6)} |`,
      );
    }
  } finally {
    await app.close();
    await runtime.close();
    removeServerDir(dataDir);
  }
}

if (process.env.BENCH_HISTORY_CHILD === '1') {
  await run();
} else {
  // On CPU 0, where bench:api runs each server; one CPU: unpinned.
  const { child } = startPinned(new URL(import.meta.url).pathname, availableParallelism() >= 2 ? 0 : null, {
    BENCH_HISTORY_CHILD: '1',
    BENCH_PHASES: String(PHASES),
  });
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  process.exitCode = code ?? 1;
}
