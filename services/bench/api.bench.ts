/**
 * `npm run bench:api`: the write path measured side by side with CRUD peers and bare Fastify, in one run. Each
 * server in its own process: the real gateway (api-gateway-server.ts: createRuntime + buildApp on a fresh embedded
 * store, mailing through its outbox mailer), a plain CRUD peer (crud-peer.ts: Fastify + zod + better-sqlite3, an
 * fsync per commit), bare Fastify with one JSON route (bare-fastify.ts), and for the POSTs the event-store floor
 * (event-store-floor.ts: the product's embedded event store and sealing alone, the least an event-sourced booking
 * does, so the most a write goal against the peer can ask) and the CRUD + mail peer (crud-mail-peer.ts: what a café
 * would otherwise run, a seat check, the INSERT and the guest's confirmation written before the 201). With two or
 * more CPUs the servers run on CPU 0 and the load generator (wrk, else autocannon: load-generator.ts) on CPU 1; with
 * one, unpinned. The POSTs of the gateway and the mail peer are also timed all in (all-in.ts): until every booking's
 * mail is written and the read model holds it (api-bench-mail-report.ts prints them).
 *
 * Each round measures every route on all its sides, one after the other (the order alternates by round), after a
 * warm-up in the first round. Environment: BENCH_SECONDS (default 8) per route and side, BENCH_ROUNDS (default 2),
 * BENCH_WARMUP (seconds, default 2), BENCH_ROUTES (only the routes whose name holds it: `mail` for the bookings
 * with their mail), BENCH_PROFILE (a directory: a CPU profile of the gateway per route and round),
 * BENCH_GATEWAY_FLAGS (Node's options for the gateway process alone), BENCH_GENERATOR=autocannon, BENCH_OUTBOX=disk (the outboxes on disk, not on tmpfs: outboxIn in api-bench-shared.ts).
 * Issue 48's pairs start the gateway seating by a 30-table floor too, and hold a day of
 * 300 bookings on both gateways: POST and that day's availability with a floor against without one, side by side,
 * and the availability built uncached in each (floor-bench.ts).
 * A missed goal is a figure, not a failure: exits 1 only on a non-2xx answer or an error, when the two servers'
 * blocked-date lists differ, when a server's 201s and what it stored disagree, when a side's bookings are not all
 * in 120 s after its run, or when the gateway or the mail peer did not mail every accepted booking once
 * (api-bench-checks.ts).
 */
import { spawnSync } from 'node:child_process';
import { availableParallelism, cpus, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { mailFiles } from './all-in.js';
import { mailChecks, postChecks } from './api-bench-checks.js';
import { mailGoalsMet, printMailReport } from './api-bench-mail-report.js';
import { measurer, settle } from './api-bench-measure.js';
import { describe, goalHolds, printReport, SIDE_NAMES, type Figures, type Measured, type Pair, type Side } from './api-bench-report.js';
import { outboxOnTmpfs, removeServerDir, reservationBodies, type ServerMessage } from './api-bench-shared.js';
import { printFloorProbe } from './floor-bench.js';
import { loadGenerator, pickGenerator } from './load-generator.js';
import { cpusAllowed, exited, startPinned, untilIdle } from './pinned-child.js';

/** The availability day (api-bench-shared.ts availabilityDay), filled in once the gateway tells its zone. */
const AVAILABILITY_PATH = '/api/availability?date={day}';

const PAIRS: Pair[] = [
  // The bookings: the gateway against the plain CRUD peer (answered req/s), and in the same round against the
  // CRUD + mail peer (all in: until each booking's mail is written and the read model holds it) and the floor.
  ...[10, 50].map((connections) => ({
    name: `POST /api/reservations and its mail, ${connections} conn.`,
    connections,
    post: true,
    gatewayPath: '/api/reservations',
    against: 'peer' as const,
    againstPath: '/api/reservations',
    floor: true,
    mail: connections === 10 ? { p99VsFloor: 2 } : { allInRatio: 1.5, p99VsMailPeer: 1 },
    goal: connections === 10 ? { ratio: 0.6, p99Ms: 25, superseded: true } : { ratio: 1.0, superseded: true },
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

const here = (file: string) => fileURLToPath(new URL(file, import.meta.url));

async function main(): Promise<void> {
  const begun = performance.now();
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
  console.log(
    outboxOnTmpfs()
      ? "outboxes (the gateway's and the CRUD + mail peer's .eml files) on tmpfs, /dev/shm; BENCH_OUTBOX=disk puts them on the data directories' disk"
      : "outboxes on the data directories' disk",
  );

  // The gateway first: the peers take its zone, so all agree on "today" and the closed days. With the floor's
  // pairs, a second gateway seats by a 30-table floor, and both hold the availability day's 300 bookings.
  const withTables = pairs.some((p) => p.on === 'tables');
  const withMail = pairs.some((p) => p.mail);
  const day: Record<string, string> = withTables ? { BENCH_DAY: '1' } : {};
  const start = (file: string, env: Record<string, string> = {}, flags: string[] = []) =>
    startPinned<ServerMessage>(here(file), pin?.server ?? null, env, flags);
  // BENCH_GATEWAY_FLAGS: Node's options for the gateway alone (`--trace-gc-nvp`: its collections' pauses and survivors).
  const gatewayFlags = (process.env.BENCH_GATEWAY_FLAGS ?? '').split(' ').filter(Boolean);
  const gateway = start('./api-gateway-server.ts', day, gatewayFlags);
  const gatewayReady = await gateway.next('ready');
  const zone = { BENCH_ZONE: gatewayReady.zone! };
  const servers = {
    gateway,
    peer: start('./crud-peer.ts', zone),
    ...(withMail ? { mail: start('./crud-mail-peer.ts', zone) } : {}),
    bare: start('./bare-fastify.ts'),
    floor: start('./event-store-floor.ts', zone),
    ...(withTables ? { tables: start('./api-gateway-server.ts', { ...day, BENCH_FLOOR: '1' }) } : {}),
  } as Partial<Record<Side, ReturnType<typeof start>>>;
  const ready: Partial<Record<Side, Extract<ServerMessage, { type: 'ready' }>>> = { gateway: gatewayReady };
  for (const [side, server] of Object.entries(servers) as [Side, ReturnType<typeof start>][])
    if (side !== 'gateway') ready[side] = await server.next('ready');
  const urls = Object.fromEntries(Object.entries(ready).map(([side, r]) => [side, r.url])) as Partial<Record<Side, string>>;
  const outboxes = { gateway: gatewayReady.outbox, ...(ready.mail ? { mail: ready.mail.outbox } : {}) };
  const availabilityDate = gatewayReady.availabilityDate!;
  const generator = loadGenerator(generatorName, reservationBodies(gatewayReady.zone!), pin?.load ?? null);
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
  console.log(`gateway store: ${gatewayReady.store}\nCRUD peer store: ${ready.peer!.store}\nevent-store floor: ${ready.floor!.store}`);
  if (ready.mail) console.log(`CRUD + mail peer store: ${ready.mail.store}`);
  if (ready.tables)
    console.log(`gateway with a floor store: ${ready.tables.store}; the availability day: ${availabilityDate} (300 bookings)`);

  // Both servers must answer the same closed days, or the GET comparison compares different work.
  const [gatewayList, peerList] = await Promise.all(
    [urls.gateway, urls.peer].map(async (url) => (await fetch(`${url}/api/blocked-dates`)).text()),
  );
  const sameList = JSON.stringify(JSON.parse(gatewayList!)) === JSON.stringify(JSON.parse(peerList!));
  console.log(`GET /api/blocked-dates: ${sameList ? 'the same answer from both' : 'DIFFERENT answers'}: ${gatewayList}\n`);

  await untilIdle(gateway.child.pid!); // its first projections, its reactors' start, the availability day's mails
  if (servers.tables) await untilIdle(servers.tables.child.pid!);
  // Which servers' stores are checked at the end: what they hold before the runs.
  const checked = (['gateway', 'peer', 'mail', 'floor', 'tables'] as const).filter((side) => servers[side]);
  const statsOf = () => Promise.all(checked.map((side) => servers[side]!.ask({ type: 'stats' }, 'stats')));
  const before = await statsOf();
  const mailsBefore = { gateway: new Set(mailFiles(outboxes.gateway!)), mail: new Set(outboxes.mail ? mailFiles(outboxes.mail) : []) };
  const bench = { servers, urls, outboxes, generator, availabilityDate, seconds, warmUp };
  const { measure, tally } = measurer(bench);
  const results: Measured[][] = pairs.map(() => []);

  for (let round = 1; round <= rounds; round++) {
    for (const [p, pair] of pairs.entries()) {
      const self = pair.on ?? 'gateway';
      const sides: Side[] = [self, pair.against, ...(pair.mail ? (['mail'] as const) : []), ...(pair.floor ? (['floor'] as const) : [])];
      const order = round % 2 ? sides : sides.reverse();
      const got: Partial<Record<Side, Figures>> = {};
      for (const side of order) got[side] = await measure(pair, side, round);
      const m: Measured = {
        gateway: got[self]!,
        other: got[pair.against]!,
        ...(got.floor ? { floor: got.floor } : {}),
        ...(got.mail ? { mail: got.mail } : {}),
      };
      results[p]!.push(m);
      const also = (side: 'mail' | 'floor') => (m[side] ? `; ${SIDE_NAMES[side]} ${describe(m[side])}` : '');
      console.log(
        `  round ${round}  ${pair.name}: ${SIDE_NAMES[self]} ${describe(m.gateway)}; ${SIDE_NAMES[pair.against]} ${describe(m.other)}${also('mail')}${also('floor')}`,
      );
    }
  }
  await settle(1000);
  const after = await statsOf();
  const stats = Object.fromEntries(checked.map((side, i) => [side, { before: before[i]!, after: after[i]! }]));
  const newMails = (side: 'gateway' | 'mail') => mailFiles(outboxes[side]!).filter((f) => !mailsBefore[side].has(f));
  const mails = { gateway: newMails('gateway'), ...(outboxes.mail ? { mail: newMails('mail') } : {}) };
  // The availability day's answer built uncached, with a floor and without: what its next visitor after a change waits.
  const probes = servers.tables
    ? { tables: await servers.tables.ask({ type: 'probe' }, 'probed'), gateway: await gateway.ask({ type: 'probe' }, 'probed') }
    : null;
  for (const s of Object.values(servers)) s.child.send({ type: 'stop' });
  await Promise.all(Object.values(servers).map((s) => exited(s.child, 60_000)));
  // A server killed for taking too long to stop leaves its store behind.
  for (const r of Object.values(ready)) if (r.dir) removeServerDir(r.dir);

  printReport(pairs, results);
  printMailReport(pairs, results);
  if (probes) printFloorProbe(availabilityDate, probes.tables, probes.gateway);
  // Other work on the machine moves every figure: say how busy it was.
  const took = Math.round((performance.now() - begun) / 1000);
  console.log(`\nload average ${loadavg()[0]!.toFixed(2)} at the end (anything else running moves every figure); the bench took ${took} s`);

  const posted = pairs.some((p) => p.post);
  const failures = [
    ...(tally.failed.length ? [`non-2xx answers, errors or bookings not all in:\n  ${tally.failed.join('\n  ')}`] : []),
    ...(posted ? postChecks(stats, tally) : []),
    ...(withMail ? mailChecks(stats, tally, mails) : []),
    ...(sameList ? [] : ['the gateway and the CRUD peer answer different blocked dates']),
  ];
  for (const failure of failures) console.error(`FAILED: ${failure}`);
  if (failures.length) process.exitCode = 1;
  else {
    const judged = pairs.filter((p) => !p.goal.superseded);
    const met = judged.filter((p) => goalHolds(p, results[pairs.indexOf(p)]!)).length;
    const mailGoals = mailGoalsMet(pairs, results);
    const mailSays = mailGoals.of ? `, ${mailGoals.met} of ${mailGoals.of} goals against the CRUD + mail peer and the floor` : '';
    console.log(`All answers were 2xx. ${met} of ${judged.length} req/s goals met${mailSays} (a missed goal does not fail the run).`);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
