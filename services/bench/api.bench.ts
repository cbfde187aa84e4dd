/**
 * `npm run bench:api`: the write path measured side by side with a CRUD peer and bare Fastify, in one run. Four servers, each in its own
 * process: the real gateway (api-gateway-server.ts: createRuntime + buildApp on a fresh embedded
 * store), a plain CRUD peer (crud-peer.ts: Fastify + zod + better-sqlite3, an fsync per commit) and
 * bare Fastify with one JSON route (bare-fastify.ts), and for the POSTs the event-store floor
 * (event-store-floor.ts: the product's embedded event store and sealing alone, the least an event-sourced
 * booking does, so the most a write goal against the peer can ask). With two or more CPUs the servers run on CPU 0
 * and the load generator (wrk, else autocannon: load-generator.ts) on CPU 1; with one, unpinned.
 *
 * Each round measures every route on both its sides, one after the other (the order alternates by
 * round), after a warm-up. Environment: BENCH_SECONDS (default 8) per route and side, BENCH_ROUNDS
 * (default 2), BENCH_WARMUP (seconds, default 2), BENCH_ROUTES (only the routes whose name holds it),
 * BENCH_PROFILE (a directory: a CPU profile of the gateway per route and round), BENCH_GENERATOR=autocannon.
 * Issue 48's pairs start a fifth server, the gateway seating by a 30-table floor, and hold a day of 300
 * bookings on both gateways: POST and that day's availability with a floor against without one, side by side,
 * and the availability built uncached in each (floor-bench.ts).
 * A missed goal is a figure, not a failure: exits 1 only on a non-2xx answer or an error, when the
 * two servers' blocked-date lists differ, or when the gateway's 201s, appended events and read-model
 * documents disagree.
 */
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { availableParallelism, cpus, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { reservationBodies, type ServerMessage } from './api-bench-shared.js';
import { printFloorProbe } from './floor-bench.js';
import { describe, goalHolds, printReport, SIDE_NAMES, type Figures, type Measured, type Pair, type Side } from './api-bench-report.js';
import { loadGenerator, pickGenerator } from './load-generator.js';
import { cpusAllowed, cpuSeconds, exited, startPinned, untilIdle } from './pinned-child.js';

/** The availability day (api-bench-shared.ts availabilityDay), filled in once the gateway tells its zone. */
const AVAILABILITY_PATH = '/api/availability?date={day}';

const PAIRS: Pair[] = [
  ...[10, 50].map((connections) => ({
    name: `POST /api/reservations, ${connections} conn.`,
    connections,
    post: true,
    gatewayPath: '/api/reservations',
    against: 'peer' as const,
    againstPath: '/api/reservations',
    floor: true,
    goal: connections === 10 ? { ratio: 0.6, p99Ms: 25 } : { ratio: 1.0 },
  })),
  {
    name: 'GET /api/blocked-dates',
    connections: 10,
    post: false,
    gatewayPath: '/api/blocked-dates',
    against: 'peer',
    againstPath: '/api/blocked-dates',
    goal: { ratio: 1.0 },
  },
  // Monitors' route: outside the site's plumbing, so it shows what the process itself costs.
  {
    name: 'GET /healthz',
    connections: 10,
    post: false,
    gatewayPath: '/healthz',
    against: 'bare',
    againstPath: '/bare',
    goal: { ratio: 0.8 },
  },
  // Issue 48: what a floor costs. The same gateway seating by a 30-table floor (BENCH_FLOOR) against it without one.
  {
    name: 'POST /api/reservations on a 30-table floor, 10 conn.',
    connections: 10,
    post: true,
    on: 'tables',
    gatewayPath: '/api/reservations',
    against: 'gateway',
    againstPath: '/api/reservations',
    goal: { ratio: 0.9 },
  },
  {
    name: 'GET /api/availability, a day of 300 bookings on a 30-table floor',
    connections: 10,
    post: false,
    on: 'tables',
    gatewayPath: AVAILABILITY_PATH,
    against: 'gateway',
    againstPath: AVAILABILITY_PATH,
    goal: { ratio: 0.9 },
  },
];

/** Requests in flight when a run stops are answered after it: let them land before the next run. */
const settle = (ms = 500) => new Promise((r) => setTimeout(r, ms));
const here = (file: string) => fileURLToPath(new URL(file, import.meta.url));

async function main(): Promise<void> {
  const seconds = Number(process.env.BENCH_SECONDS ?? 8);
  const rounds = Number(process.env.BENCH_ROUNDS ?? 2);
  const warmUp = Number(process.env.BENCH_WARMUP ?? 2);
  const only = process.env.BENCH_ROUTES;
  const pairs = PAIRS.filter((p) => !only || `${p.name} ${p.againstPath}`.includes(only));
  if (!pairs.length) throw new Error(`BENCH_ROUTES=${only} matches none of: ${PAIRS.map((p) => p.name).join('; ')}`);

  const cpuCount = availableParallelism();
  const pin = cpuCount >= 2 ? { server: 0, load: 1 } : null;
  const generatorName = pickGenerator();
  console.log(
    `bench:api — ${seconds} s per route and server after a ${warmUp} s warm-up, ${rounds} round(s); ` +
      `${cpuCount} CPU(s) (${cpus()[0]?.model ?? '?'}), load average ${loadavg()[0]!.toFixed(2)} at the start`,
  );
  console.log(
    generatorName === 'wrk'
      ? 'load generator: wrk (one thread, Lua script feeding the POST bodies)'
      : 'load generator: autocannon in its own process (wrk is not on PATH; `apt-get install wrk` to use it)',
  );

  // The gateway first: the peer takes its zone, so both agree on "today" and the closed days. With the floor's
  // pairs, a second gateway seats by a 30-table floor, and both hold the availability day's 300 bookings.
  const withTables = pairs.some((p) => p.on === 'tables');
  const day: Record<string, string> = withTables ? { BENCH_DAY: '1' } : {};
  const gateway = startPinned<ServerMessage>(here('./api-gateway-server.ts'), pin?.server ?? null, day);
  const gatewayReady = await gateway.next('ready');
  const zone = gatewayReady.zone!;
  const peer = startPinned<ServerMessage>(here('./crud-peer.ts'), pin?.server ?? null, { BENCH_ZONE: zone });
  const bare = startPinned<ServerMessage>(here('./bare-fastify.ts'), pin?.server ?? null);
  const floor = startPinned<ServerMessage>(here('./event-store-floor.ts'), pin?.server ?? null, { BENCH_ZONE: zone });
  const tables = withTables
    ? startPinned<ServerMessage>(here('./api-gateway-server.ts'), pin?.server ?? null, { ...day, BENCH_FLOOR: '1' })
    : null;
  const servers = { gateway, peer, bare, floor, ...(tables ? { tables } : {}) };
  const [peerReady, bareReady, floorReady] = [await peer.next('ready'), await bare.next('ready'), await floor.next('ready')];
  const tablesReady = tables ? await tables.next('ready') : null;
  const urls: Record<Side, string> = {
    gateway: gatewayReady.url,
    peer: peerReady.url,
    bare: bareReady.url,
    floor: floorReady.url,
    tables: tablesReady?.url ?? '',
  };
  const availabilityDate = gatewayReady.availabilityDate!;
  const generator = loadGenerator(generatorName, reservationBodies(zone), pin?.load ?? null);
  process.once('exit', () => generator.close());

  if (pin) {
    // Pin this driver too (it mostly waits), so nothing but the servers runs on their CPU.
    spawnSync('taskset', ['-a', '-p', '-c', String(pin.load), String(process.pid)], { stdio: 'ignore' });
    const allowed = Object.entries(servers).map(([side, s]) => `${side} ${cpusAllowed(s.child.pid!)}`);
    console.log(
      `pinning: servers with taskset -c ${pin.server} (CPUs allowed: ${allowed.join(', ')}); ` +
        `load generator with taskset -c ${pin.load}; this driver ${cpusAllowed(process.pid)}`,
    );
  } else {
    console.log('pinning: none — this machine has one CPU, so the servers and the load generator share it');
  }
  console.log(`gateway store: ${gatewayReady.store}\nCRUD peer store: ${peerReady.store}\nevent-store floor: ${floorReady.store}`);
  if (tablesReady)
    console.log(`gateway with a floor store: ${tablesReady.store}; the availability day: ${availabilityDate} (300 bookings)`);

  // Both servers must answer the same closed days, or the GET comparison compares different work.
  const [gatewayList, peerList] = await Promise.all(
    [urls.gateway, urls.peer].map(async (url) => (await fetch(`${url}/api/blocked-dates`)).text()),
  );
  const sameList = JSON.stringify(JSON.parse(gatewayList!)) === JSON.stringify(JSON.parse(peerList!));
  console.log(`GET /api/blocked-dates: ${sameList ? 'the same answer from both' : 'DIFFERENT answers'}: ${gatewayList}\n`);

  await untilIdle(gateway.child.pid!); // its first projections, its reactors' start
  if (tables) await untilIdle(tables.child.pid!);
  const before = await gateway.ask({ type: 'stats' }, 'stats');
  const tablesBefore = tables ? await tables.ask({ type: 'stats' }, 'stats') : null;
  const peerBefore = await peer.ask({ type: 'stats' }, 'stats');
  const floorBefore = await floor.ask({ type: 'stats' }, 'stats');
  const sent: Record<Side, number> = { gateway: 0, peer: 0, bare: 0, floor: 0, tables: 0 };
  const created: Record<Side, number> = { gateway: 0, peer: 0, bare: 0, floor: 0, tables: 0 };
  let slack = 0;
  let tablesSlack = 0;
  const failed: string[] = [];
  const results: Measured[][] = pairs.map(() => []);

  const measure = async (pair: Pair, side: Side, round: number): Promise<Figures> => {
    const path = (side === (pair.on ?? 'gateway') ? pair.gatewayPath : pair.againstPath).replace('{day}', availabilityDate);
    const server = (servers as Partial<Record<Side, (typeof servers)['gateway']>>)[side];
    if (!server) throw new Error(`no ${SIDE_NAMES[side]} was started`);
    const pid = server.child.pid!;
    const run = async (runSeconds: number): Promise<Figures> => {
      const [cpuBefore, start] = [cpuSeconds(pid), performance.now()];
      const result = await generator.run({
        url: urls[side],
        path,
        connections: pair.connections,
        seconds: runSeconds,
        ...(pair.post ? { post: { offset: sent[side] } } : {}),
      });
      if (pair.post) {
        // Later runs start past any request still in flight here (at most one per connection).
        sent[side] += result.requests + pair.connections;
        created[side] += result.ok2xx;
        if (side === 'gateway') slack += pair.connections;
        if (side === 'tables') tablesSlack += pair.connections;
      }
      if (result.non2xx || result.errors)
        failed.push(`${pair.name} on ${SIDE_NAMES[side]} (round ${round}): ${result.non2xx} non-2xx, ${result.errors} errors`);
      await settle();
      // The server's CPU over the run and the settling after it, then what it did after (until quiet).
      const [cpuRun, elapsed] = [cpuSeconds(pid) - cpuBefore, (performance.now() - start) / 1000];
      await untilIdle(pid);
      const deferred = cpuSeconds(pid) - cpuBefore - cpuRun;
      return {
        ...result,
        cpuMsPerRequest: (cpuRun * 1000) / result.requests,
        cpuShare: cpuRun / elapsed,
        deferredMsPerRequest: (deferred * 1000) / result.requests,
      };
    };
    await run(warmUp); // JIT, connection pools, the SQLite page cache: not in the table
    const profiled = side === 'gateway';
    if (profiled) await gateway.ask({ type: 'profile-start' }, 'profiling');
    const result = await run(seconds);
    const name = `${pair.name}-round-${round}`.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '');
    if (profiled) await gateway.ask({ type: 'profile-stop', name }, 'profiled');
    return result;
  };

  for (let round = 1; round <= rounds; round++) {
    for (const [p, pair] of pairs.entries()) {
      const self = pair.on ?? 'gateway';
      const sides: Side[] = [self, pair.against, ...(pair.floor ? (['floor'] as const) : [])];
      const order = round % 2 ? sides : sides.reverse();
      const got: Partial<Record<Side, Figures>> = {};
      for (const side of order) got[side] = await measure(pair, side, round);
      const m = { gateway: got[self]!, other: got[pair.against]!, ...(got.floor ? { floor: got.floor } : {}) };
      results[p]!.push(m);
      const floorSays = m.floor ? `; ${SIDE_NAMES.floor} ${describe(m.floor)}` : '';
      console.log(
        `  round ${round}  ${pair.name}: ${SIDE_NAMES[self]} ${describe(m.gateway)}; ${SIDE_NAMES[pair.against]} ${describe(m.other)}${floorSays}`,
      );
    }
  }
  await settle(1000);
  const after = await gateway.ask({ type: 'stats' }, 'stats');
  const peerAfter = await peer.ask({ type: 'stats' }, 'stats');
  const floorAfter = await floor.ask({ type: 'stats' }, 'stats');
  const tablesAfter = tables ? await tables.ask({ type: 'stats' }, 'stats') : null;
  // The availability day's answer built uncached, with a floor and without: what its next visitor after a change waits.
  const probes = tables
    ? { tables: await tables.ask({ type: 'probe' }, 'probed'), gateway: await gateway.ask({ type: 'probe' }, 'probed') }
    : null;
  for (const s of Object.values(servers)) s.child.send({ type: 'stop' });
  await Promise.all(Object.values(servers).map((s) => exited(s.child, 60_000)));
  // A server killed for taking too long to stop leaves its store behind.
  for (const ready of [gatewayReady, peerReady, floorReady, tablesReady])
    if (ready?.dir) rmSync(ready.dir, { recursive: true, force: true });

  printReport(pairs, results);
  if (probes) printFloorProbe(availabilityDate, probes.tables, probes.gateway);
  // Other work on the machine moves every figure: say how busy it was.
  console.log(`\nload average ${loadavg()[0]!.toFixed(2)} at the end (anything else running moves every figure)`);

  const posted = pairs.some((p) => p.post);
  const appended = after.appended - before.appended;
  const projected = after.rows - before.rows;
  const peerRows = peerAfter.rows - peerBefore.rows;
  const floorAppended = floorAfter.appended - floorBefore.appended;
  if (posted)
    console.log(
      `\nPOST check: the gateway answered ${created.gateway} × 201, appended ${appended} ReservationRequested and ` +
        `projected ${projected} new reservations (more than the 201s by at most the ${slack} requests in flight ` +
        `when runs stopped); the CRUD peer answered ${created.peer} × 201 and holds ${peerRows} new rows; ` +
        `the event-store floor answered ${created.floor} × 201 and appended ${floorAppended} events.`,
    );
  // Every 201 was appended and projected; at most one uncounted in-flight request per connection and run.
  const mismatch = projected !== appended || appended < created.gateway || appended - created.gateway > slack;
  // The floor is a figure only if each of its 201s was stored too.
  const floorShort = posted && floorAppended < created.floor;
  // The gateway with a floor: every 201 appended and projected, as the gateway's.
  const tablesAppended = tablesAfter && tablesBefore ? tablesAfter.appended - tablesBefore.appended : 0;
  const tablesProjected = tablesAfter && tablesBefore ? tablesAfter.rows - tablesBefore.rows : 0;
  const tablesMismatch =
    tables !== null &&
    (tablesProjected !== tablesAppended || tablesAppended < created.tables || tablesAppended - created.tables > tablesSlack);
  if (tables && created.tables)
    console.log(
      `POST check on the floor: the gateway with a floor answered ${created.tables} × 201, appended ${tablesAppended} ` +
        `ReservationRequested and projected ${tablesProjected} new reservations.`,
    );
  if (failed.length) console.error(`FAILED: non-2xx answers or errors:\n  ${failed.join('\n  ')}`);
  if (posted && mismatch) console.error("FAILED: the gateway's 201s, appended events and read-model documents disagree");
  if (floorShort) console.error('FAILED: the event-store floor answered more 201s than it appended events');
  if (tablesMismatch) console.error("FAILED: the floor gateway's 201s, appended events and read-model documents disagree");
  if (!sameList) console.error('FAILED: the gateway and the CRUD peer answer different blocked dates');
  if (failed.length || (posted && mismatch) || floorShort || tablesMismatch || !sameList) process.exitCode = 1;
  else {
    const met = pairs.filter((p, i) => goalHolds(p, results[i]!)).length;
    console.log(`All answers were 2xx. ${met} of ${pairs.length} goals met (a missed goal does not fail the run).`);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
