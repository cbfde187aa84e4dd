/**
 * `npm run bench:api`: the real gateway (createRuntime + buildApp on a fresh embedded store) next to a
 * bare Fastify app with one JSON route, both driven by autocannon in the same run.
 *
 * The servers run in a child process and autocannon in this one, so the load generator does not share
 * the servers' event loop. Environment: BENCH_SECONDS (default 10) per route, BENCH_CONNECTIONS
 * (default 10), BENCH_ROUTES (only the routes whose name holds it), BENCH_PROFILE (a directory: one
 * CPU profile of the server per route). Exits 1 if any route answered anything but 2xx.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import inspector from 'node:inspector';
import { availableParallelism, cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import pino from 'pino';
import { addDays, DEFAULT_TIME_ZONE, PUBLIC_RESERVATION_SIZES, slotsFor, todayIn } from '@cafe/contracts';
import { loadConfig } from '../src/platform/config.js';
import { createRuntime } from '../src/platform/runtime/runtime.js';
import { buildApp } from '../src/platform/http/app.js';
import { features } from '../src/features.js';
import { blockedDateStream } from '../src/blocked-dates/blocked-date-decider.js';
import { runBench, startBenchServer } from './bench-server.js';
import { roomyCafe } from '../test/live-load.js';

const PUBLIC_URL = 'http://localhost:3000';

interface Ready {
  type: 'ready';
  appUrl: string;
  bareUrl: string;
  blocked: string[];
  zone: string;
  dataDir: string;
}
interface Stats {
  type: 'stats';
  head: string;
  reservations: number;
}
type ServerMessage = Ready | Stats;

// ---------------------------------------------------------------- server side (child process)

async function serve(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'cafe-bench-api-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    RATE_LIMIT_MAX: '0',
    SEED_DEMO: 'false',
    PUBLIC_URL,
    WEB_DIST: join(dataDir, 'no-web'),
  });
  const logger = pino({ level: 'silent' });
  const runtime = await createRuntime({ config, logger, features });

  // A few closed days so GET /api/blocked-dates has a realistic answer (and POSTs avoid them).
  const today = todayIn(config.zone);
  const blocked = [7, 14, 21, 45].map((d) => addDays(today, d));
  for (const [i, date] of blocked.entries()) {
    await runtime.eventStore.appendToStream(
      blockedDateStream(date),
      [
        {
          type: 'DateBlocked',
          data: { blockedDateId: `bench-${i}`, date, reason: 'Private event' },
          metadata: {
            occurredAt: new Date().toISOString(),
            actor: { kind: 'system', name: 'bench' },
            correlationId: `bench-${i}`,
            causationId: `bench-${i}`,
          },
        },
      ],
      { expectedRevision: 'no_stream' },
    );
  }
  await roomyCafe(runtime.eventStore);
  await runtime.readModels.waitFor(await runtime.eventStore.headPosition());

  const app = await buildApp(runtime, { logRequests: false, serveWeb: false });
  const bare = Fastify({ logger: false });
  bare.get('/bare', async () => ({ status: 'ok', at: Date.now() }));
  const appUrl = await app.listen({ host: '127.0.0.1', port: 0 });
  const bareUrl = await bare.listen({ host: '127.0.0.1', port: 0 });

  const send = (message: ServerMessage) => process.send!(message);
  // BENCH_PROFILE=<dir>: a CPU profile of the server for each route's measured run, one file per route.
  const profiler = process.env.BENCH_PROFILE ? new inspector.Session() : null;
  profiler?.connect();
  const post = (method: string, params?: object) =>
    new Promise<unknown>((resolve, reject) => profiler!.post(method, params, (err, result) => (err ? reject(err) : resolve(result))));
  if (profiler) await post('Profiler.enable');
  const onMessage = async (message: { type: string; route?: string }) => {
    if (message.type === 'profile-start' && profiler) {
      await post('Profiler.start');
    } else if (message.type === 'profile-stop' && profiler) {
      const { profile } = (await post('Profiler.stop')) as { profile: object };
      const name = message.route!.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '');
      mkdirSync(process.env.BENCH_PROFILE!, { recursive: true });
      writeFileSync(join(process.env.BENCH_PROFILE!, `${name}.cpuprofile`), JSON.stringify(profile));
      send({ type: 'stats', head: '0', reservations: 0 });
    } else if (message.type === 'stats') {
      send({
        type: 'stats',
        // Count requests, not the head: the mail reactor appends its own notification events.
        head: String((await runtime.eventStore.readAll()).filter((e) => e.type === 'ReservationRequested').length),
        reservations: await runtime.documents.collection('reservations').count(),
      });
    } else if (message.type === 'stop') {
      await bare.close();
      await app.close();
      await runtime.close();
      rmSync(dataDir, { recursive: true, force: true });
      process.exit(0);
    }
  };
  process.on('message', (message: { type: string; route?: string }) => void onMessage(message));
  send({ type: 'ready', appUrl, bareUrl, blocked, zone: config.zone, dataDir });
}

// ---------------------------------------------------------------- driver (this process)

interface Row {
  route: string;
  result: autocannon.Result;
}

const startServer = () => startBenchServer<ServerMessage>(fileURLToPath(import.meta.url));

/** Valid public reservations on real future slots, skipping the blocked days; never stale. */
function reservationBodies(zone: string, blocked: string[]): string[] {
  const today = todayIn(zone);
  const bodies: string[] = [];
  for (let d = 1; d <= 90; d++) {
    const date = addDays(today, d);
    if (blocked.includes(date)) continue;
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

/** Requests in flight when autocannon stops are answered but not counted: let them land. */
const settle = () => new Promise((r) => setTimeout(r, 500));

async function drive(): Promise<void> {
  const seconds = Number(process.env.BENCH_SECONDS ?? 10);
  const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
  const { child, next } = startServer();
  const ready = await next('ready');
  const bodies = reservationBodies(ready.zone ?? DEFAULT_TIME_ZONE, ready.blocked);
  let i = 0;

  const post = (label: string, postConnections: number) => ({
    route: label,
    connections: postConnections,
    options: {
      url: ready.appUrl,
      requests: [
        {
          method: 'POST' as const,
          path: '/api/reservations',
          headers: { 'content-type': 'application/json', origin: PUBLIC_URL },
          setupRequest: (request: autocannon.Request) => ({ ...request, body: bodies[i++ % bodies.length] }),
        },
      ],
    },
  });
  const targets: { route: string; connections?: number; options: autocannon.Options }[] = [
    { route: 'GET /bare (bare Fastify)', options: { url: `${ready.bareUrl}/bare` } },
    // Monitors' route: outside the site's plumbing, so it shows what the process itself costs.
    { route: 'GET /healthz', options: { url: `${ready.appUrl}/healthz` } },
    // The public lists a visitor's page load reads: the whole site plumbing plus the read models.
    { route: 'GET /api/blocked-dates', options: { url: `${ready.appUrl}/api/blocked-dates` } },
    { route: 'GET /api/gallery', options: { url: `${ready.appUrl}/api/gallery` } },
    { route: 'GET /api/menu/items', options: { url: `${ready.appUrl}/api/menu/items` } },
    { route: 'GET /api/business-info', options: { url: `${ready.appUrl}/api/business-info` } },
    post(`POST /api/reservations (${connections} conn.)`, connections),
    post('POST /api/reservations (50 conn.)', 50),
  ];

  // BENCH_ROUTES=POST (any part of the route's name) runs only matching routes after the bare baseline.
  const only = process.env.BENCH_ROUTES;
  if (only) targets.splice(1, targets.length, ...targets.slice(1).filter((t) => t.route.includes(only)));
  console.log(
    `bench:api — ${seconds} s per route, ${connections} connections, 1 s warm-up each; ` +
      `servers in one child process, autocannon in this one; ${availableParallelism()} CPU(s) (${cpus()[0]?.model ?? '?'})`,
  );
  console.log(`embedded store: ${ready.dataDir} (SQLite, group commit: every POST is fsynced before 201)\n`);

  const rows: Row[] = [];
  let before: Stats | null = null;
  let postsOk = 0;
  let slack = 0;
  for (const target of targets) {
    const base = { connections: target.connections ?? connections, pipelining: 1, ...target.options };
    const isPost = target.route.startsWith('POST');
    if (isPost && !before) before = await (child.send({ type: 'stats' }), next('stats'));
    const warmUp = await autocannon({ ...base, duration: 1 }); // JIT, connection pools: not in the table
    await settle();
    child.send({ type: 'profile-start', route: target.route });
    const result = await autocannon({ ...base, duration: seconds });
    if (process.env.BENCH_PROFILE) await (child.send({ type: 'profile-stop', route: target.route }), next('stats'));
    rows.push({ route: target.route, result });
    if (isPost) {
      postsOk += warmUp['2xx'] + result['2xx'];
      // Requests in flight when a run stops are answered but not counted: one per connection, per run.
      slack += 2 * base.connections;
    }
    await settle();
    process.stdout.write(`  done: ${target.route}\n`);
  }
  await settle();
  const after = await (child.send({ type: 'stats' }), next('stats'));
  child.send({ type: 'stop' });

  const bare = rows[0]!.result.requests.average;
  const table = rows.map(({ route, result }) => ({
    route,
    'req/s': Math.round(result.requests.average),
    // autocannon records whole milliseconds.
    'p50 ms': result.latency.p50 || '<1',
    'p99 ms': result.latency.p99 || '<1',
    'mean ms': Number(result.latency.average.toFixed(2)),
    'vs bare': `${((result.requests.average / bare) * 100).toFixed(1)} %`,
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  }));
  console.log();
  console.table(table);

  const appended = before ? Number(BigInt(after.head) - BigInt(before.head)) : 0;
  const projected = before ? after.reservations - before.reservations : 0;
  console.log(
    `POST check: ${postsOk} answered 201 within the run, ${appended} ReservationRequested appended, ` +
      `${projected} new documents in the reservations read model (the difference, if any, is requests ` +
      `in flight when the run stopped).`,
  );
  const bad = rows.filter((r) => r.result.non2xx > 0 || r.result.errors > 0 || r.result.timeouts > 0);
  // Every 201 was appended and projected; at most one uncounted in-flight request per connection.
  const mismatch = projected !== appended || appended < postsOk || appended - postsOk > slack;
  if (bad.length || mismatch) {
    console.error(
      bad.length
        ? `FAILED: non-2xx or errors on ${bad.map((r) => r.route).join(', ')}`
        : 'FAILED: 201s, appended events and read-model documents disagree',
    );
    process.exitCode = 1;
  } else {
    console.log('All answers were 2xx.');
  }
}

runBench({ serve, drive });
