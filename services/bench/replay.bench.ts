/**
 * `npm run bench:replay [-- N[,M…]]`: how fast the read models come back from the event store.
 *
 * For each size (default 100,000 and 1,000,000; first argument or BENCH_EVENTS, comma-separated):
 * 1. Generates N events in a temporary embedded store:
 *    reservations requested, changed and cancelled across many interleaved streams, plus blocked and
 *    unblocked dates, appended through SqliteEventStore with expected revisions (behind the decorator that
 *    seals guests' personal fields with a key per guest, one guest per booking), many appends per
 *    SQLite transaction.
 * 2. Reads the whole log twice, as stored and through the sealing decorator: what opening the personal
 *    fields costs. Rebuilds every read model of services/src/features.ts with a fresh ProjectionEngine
 *    (start() until caught up) as the gateway does, on two cores ("events/s with all projections and
 *    sealed personal fields on two cores": a worker thread reads and opens the log, the projections
 *    run on the engine's thread), then with engine.rebuild() (shadow collections, switch-over), then
 *    on one core for comparison, in memory; then once more into a fresh embedded read-model file (what
 *    a first start writes, two cores).
 * 3. Runs the built gateway (`node dist/gateway.js`, production settings, an identity provider on
 *    loopback) on that data directory and measures the time from spawning it until GET /readyz answers
 *    200, and its memory then: once on a first start (the read models are built and persisted) and
 *    three times on a restart (they are loaded and caught up).
 * 4. Checks that the read models the gateway kept across those restarts equal a full replay of the log,
 *    document by document (exits 1 if not).
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import inspector from 'node:inspector';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import pino from 'pino';
import { addDays, slotsFor, todayIn, type Actor, type EventMetadata } from '@cafe/contracts';
import { SqliteEventStore } from '../src/platform/event-store/sqlite-event-store.js';
import type { AppendResult, EventStore, NewEvent } from '../src/platform/event-store/event-store.js';
import { EncryptingEventStore } from '../src/platform/personal-data/encrypting-event-store.js';
import { SqliteGuestKeyStore } from '../src/platform/personal-data/sqlite-guest-key-store.js';
import { embeddedGuestDataSecret } from '../src/platform/personal-data/guest-data-secret.js';
import { MemoryDocumentStore } from '../src/platform/document-store/memory-document-store.js';
import { SqliteDocumentStore } from '../src/platform/document-store/sqlite-document-store.js';
import { ProjectionEngine } from '../src/platform/projections/projection-engine.js';
import { stripMeta } from '../src/platform/projections/projection.js';
import { allProjections, onDiskCollections } from '../src/platform/runtime/runtime.js';
import { loadConfig } from '../src/platform/config.js';
import { buildServer, SERVER_DIST, serverIsStale } from '../src/bin/server-build.js';
import { features } from '../src/features.js';
import { reservationStream } from '../src/reservations/reservation-decider.js';
import { blockedDateStream } from '../src/blocked-dates/blocked-date-decider.js';

/** Appends per SQLite transaction while generating. */
const APPENDS_PER_TRANSACTION = 5_000;

const fmt = (n: number) => Math.round(n).toLocaleString('en-US');
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

/** Small seeded PRNG (mulberry32) so every run generates the same history. */
function random(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Open {
  id: string;
  revision: bigint;
}

// ---------------------------------------------------------------- 1. generate

async function generate(store: EventStore, raw: SqliteEventStore, total: number) {
  const rand = random(42);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(rand() * items.length)]!;
  const today = todayIn();
  // Two years of history and three months ahead, as an established café would have.
  const dates = Array.from({ length: 820 }, (_, i) => addDays(today, i - 730));
  const open: Open[] = [];
  const blocked = new Map<string, bigint>(); // date → stream revision, while blocked
  const unblocked = new Map<string, bigint>();
  const admin: Actor = { kind: 'admin', email: 'owner@meeplehavencafe.com', userId: 'user-owner' };
  const start = Date.parse(`${dates[0]}T15:00:00Z`);
  const stepMs = (Date.now() - start) / total;
  let seq = 0;
  let written = 0;
  const counts: Record<string, number> = {};

  const metadata = (actor: Actor): EventMetadata => {
    const id = `bench-${seq}`;
    return { occurredAt: new Date(start + seq * stepMs).toISOString(), actor, correlationId: id, causationId: id };
  };
  const details = () => {
    const date = pick(dates);
    return {
      name: `Guest ${seq}`,
      email: `guest${seq}@example.com`,
      phone: `(262) 555-${String(seq % 10000).padStart(4, '0')}`,
      partySize: 2 + Math.floor(rand() * 9),
      date,
      time: pick(slotsFor(date)),
      ...(rand() < 0.3 ? { specialRequests: 'Birthday: could we have a table near the game library?' } : {}),
    };
  };

  /** One event for one stream; the caller batches these inside a transaction. */
  const next = (): Promise<AppendResult> => {
    seq++;
    const r = rand();
    let stream: string;
    let event: NewEvent;
    let expected: bigint | 'no_stream';
    if (r < 0.02) {
      // Block a date (or unblock one that is blocked).
      const date = pick(dates);
      const revision = blocked.get(date);
      stream = blockedDateStream(date);
      if (revision === undefined) {
        expected = unblocked.get(date) ?? 'no_stream';
        event = {
          type: 'DateBlocked',
          data: { blockedDateId: `blocked-${seq}`, date, reason: pick(['Private event', 'Holiday', 'Tournament']) },
          metadata: metadata(admin),
        };
        blocked.set(date, expected === 'no_stream' ? 0n : expected + 1n);
        unblocked.delete(date);
      } else {
        expected = revision;
        event = { type: 'DateUnblocked', data: { blockedDateId: `blocked-${seq}`, date }, metadata: metadata(admin) };
        blocked.delete(date);
        unblocked.set(date, revision + 1n);
      }
    } else if (r < 0.6 || open.length < 50) {
      const id = `r${seq.toString(36).padStart(8, '0')}`;
      stream = reservationStream(id);
      expected = 'no_stream';
      const source = rand() < 0.85 ? 'public' : 'admin';
      event = {
        type: 'ReservationRequested',
        data: { reservationId: id, source, ...details() },
        metadata: metadata(source === 'public' ? { kind: 'visitor' } : admin),
      };
      open.push({ id, revision: 0n });
    } else {
      const index = Math.floor(rand() * open.length);
      const target = open[index]!;
      stream = reservationStream(target.id);
      expected = target.revision;
      if (r < 0.88) {
        const d = details();
        const changes = rand() < 0.5 ? { date: d.date, time: d.time } : { partySize: d.partySize };
        event = { type: 'ReservationChanged', data: { reservationId: target.id, ...changes }, metadata: metadata(admin) };
        target.revision++;
      } else {
        event = { type: 'ReservationCancelled', data: { reservationId: target.id }, metadata: metadata(admin) };
        open[index] = open[open.length - 1]!;
        open.pop();
      }
    }
    counts[event.type] = (counts[event.type] ?? 0) + 1;
    return store.appendToStream(stream, [event], { expectedRevision: expected });
  };

  const started = performance.now();
  while (written < total) {
    const size = Math.min(APPENDS_PER_TRANSACTION, total - written);
    const appends: Promise<AppendResult>[] = [];
    // The SQLite adapter appends synchronously, so its own transactions nest in this one (savepoints)
    // and the batch reaches the disk with one commit.
    raw.database.transaction(() => {
      for (let i = 0; i < size; i++) appends.push(next());
    })();
    await Promise.all(appends);
    written += size;
  }
  const ms = performance.now() - started;
  return { ms, counts };
}

// ---------------------------------------------------------------- 2. replay and rebuild

/**
 * A fresh engine from position 0 to caught up, then the operator's rebuild; answers this process's
 * RSS at the end. Its documents are released on return, before the gateway runs.
 */
async function replayAndRebuild(store: EventStore, raw: EventStore, head: bigint, total: number, dataDir: string): Promise<number> {
  await unsealCost(raw, store);
  const projections = allProjections(features);
  // 2a. a fresh engine, from position 0 to caught up, as the gateway runs it (a worker thread reading
  //     and opening the log on the second core), first: in a heap like a starting gateway's, not one
  //     still holding another replay's half a million documents for the collector to sweep. Then the
  //     operator's rebuild; then, for comparison, the same replay on this thread alone.
  await replayOnTwoCoresAndRebuild(store, projections, head, total);
  const singleMs = await replayOnOneCore(store, projections, head);
  console.log(
    `replay     all ${projections.length} projections from 0 to caught up, one core: ` +
      `${fmt(singleMs)} ms = ${fmt((total / singleMs) * 1000)} events/s`,
  );
  await replayIntoFile(store, head, total, dataDir);
  await store.close();
  return process.memoryUsage().rss;
}

async function replayOnTwoCoresAndRebuild(
  store: EventStore,
  projections: ReturnType<typeof allProjections>,
  head: bigint,
  total: number,
): Promise<void> {
  const names = projections.map((p) => p.name).join(', ');
  const { engine, documents, ms: replayMs, cpuMs } = await replayInMemory(store, projections, head, 'replay', true);
  const counts = await Promise.all(projections.map(async (p) => `${p.name} ${fmt(await documents.collection(p.name).count())}`));
  console.log(
    `\nreplay     ${fmt((total / replayMs) * 1000)} events/s with all ${projections.length} projections (${names}) and sealed personal ` +
      `fields on two cores (from 0 to caught up in ${fmt(replayMs)} ms, a worker thread reading and opening the log; ` +
      `the projections' thread busy ${fmt(cpuMs)} ms)`,
  );
  console.log(`           documents: ${counts.join(', ')}`);

  // 2b. the operator's rebuild: shadow collections, switch-over
  const rebuilt = await engine.rebuild();
  console.log(
    `rebuild    engine.rebuild() of all projections into new collections + switch-over: ` +
      `${fmt(rebuilt.ms)} ms = ${fmt((rebuilt.events / rebuilt.ms) * 1000)} events/s`,
  );
  await engine.stop();
}

/**
 * The replay on this thread alone; answers its time only, so its documents are garbage before the next
 * replay starts (held, they were as many live objects again for that replay's collector to mark).
 */
async function replayOnOneCore(store: EventStore, projections: ReturnType<typeof allProjections>, head: bigint): Promise<number> {
  const { engine, ms } = await replayInMemory(store, projections, head, 'replay-one-core');
  await engine.stop();
  return ms;
}

async function replayInMemory(
  store: EventStore,
  projections: ReturnType<typeof allProjections>,
  head: bigint,
  profile: string,
  parallel = false,
) {
  const documents = new MemoryDocumentStore();
  const engine = new ProjectionEngine(store, documents, projections, {
    logger: pino({ level: 'silent' }),
    parallel,
  });
  const profiler = await startProfile();
  const cpu0 = process.threadCpuUsage();
  const t0 = performance.now();
  await engine.start();
  const ms = performance.now() - t0;
  const cpu = process.threadCpuUsage(cpu0);
  const cpuMs = (cpu.user + cpu.system) / 1000;
  await profiler?.stop(profile);
  if (engine.position !== head) throw new Error(`engine stopped at ${engine.position}, head is ${head}`);
  return { engine, documents, ms, cpuMs };
}

/** The log read page by page as stored, then through the decorator: the difference is unsealing. */
async function unsealCost(raw: EventStore, sealed: EventStore): Promise<void> {
  const readAll = async (store: EventStore) => {
    const started = performance.now();
    let after: bigint | undefined;
    let sealedEvents = 0;
    for (;;) {
      const page = await store.readAll({ after, maxCount: 2_000 });
      for (const event of page) if ((event.data as { sealed?: unknown }).sealed) sealedEvents++;
      if (page.length < 2_000) return { ms: performance.now() - started, sealedEvents };
      after = page[page.length - 1]!.position;
    }
  };
  await readAll(raw); // the file in the page cache for both
  const plain = await readAll(raw);
  const opened = await readAll(sealed);
  const ms = opened.ms - plain.ms;
  console.log(
    `\nread log   as stored ${fmt(plain.ms)} ms; through the sealing decorator ${fmt(opened.ms)} ms: unsealing ` +
      `${fmt(plain.sealedEvents)} events (one key lookup per guest and page, one AES-GCM open per event) ${fmt(ms)} ms = ` +
      `${((ms / Math.max(1, plain.sealedEvents)) * 1000).toFixed(1)} µs per sealed event`,
  );
}

/** The same replay into a fresh embedded read-model file, as a first start writes it (without the gateway around it). */
async function replayIntoFile(store: EventStore, head: bigint, total: number, dataDir: string): Promise<void> {
  const projections = allProjections(features);
  const file = join(dataDir, 'replay-read-models.sqlite');
  const documents = new SqliteDocumentStore(file, { onDisk: onDiskCollections(projections) });
  // As the gateway's first start runs it: the log read and opened on a worker thread.
  const engine = new ProjectionEngine(store, documents, projections, { logger: pino({ level: 'silent' }), parallel: true });
  const profiler = await startProfile();
  const started = performance.now();
  await engine.start();
  const ms = performance.now() - started;
  await profiler?.stop('replay-embedded');
  if (engine.position !== head) throw new Error(`engine stopped at ${engine.position}, head is ${head}`);
  await engine.stop();
  await documents.close();
  for (const suffix of ['', '-wal', '-shm']) rmSync(file + suffix, { force: true });
  console.log(
    `replay     into a fresh embedded read-model file (SqliteDocumentStore, booking collections on disk), two cores: ` +
      `${fmt(ms)} ms = ${fmt((total / ms) * 1000)} events/s`,
  );
}

// ---------------------------------------------------------------- 3. start-up (the built gateway, as deployed)

/** A stand-in identity provider on loopback: a production gateway discovers its issuer while it starts. */
async function startIssuer(): Promise<{ url: string; close(): Promise<void> }> {
  const server = createServer((_request, response) => {
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    response.setHeader('content-type', 'application/json');
    response.end(
      JSON.stringify({
        issuer: base,
        authorization_endpoint: `${base}/auth`,
        token_endpoint: `${base}/token`,
        jwks_uri: `${base}/jwks`,
        userinfo_endpoint: `${base}/me`,
      }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

interface StartUp {
  /** From spawning `node dist/gateway.js` until GET /readyz answers 200: Node, module loading and the app. */
  readyMs: number;
  rss: number;
}

/** Resident memory of a process, from /proc (Linux). */
function rssOf(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmRSS:'));
  return Number(line?.replace(/\D+/g, '') ?? 0) * 1024;
}

async function measureStartUp(dataDir: string, issuer: string): Promise<StartUp> {
  const port = await new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
  const secret = 'bench-secret-'.padEnd(40, 'x');
  const started = performance.now();
  // BENCH_PROFILE: each start's CPU profile (the process writes it when it exits), in <dir>/gateway.
  const profile = process.env.BENCH_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${join(process.env.BENCH_PROFILE, 'gateway')}`] : [];
  const child = spawn(process.execPath, [...profile, '--enable-source-maps', join(SERVER_DIST, 'gateway.js')], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'false',
      WEB_DIST: join(dataDir, 'no-web'),
      SESSION_SECRET: secret,
      GUEST_LINK_SECRET: secret,
      OIDC_ISSUER: issuer,
      OIDC_CLIENT_ID: 'bench',
      OIDC_CLIENT_SECRET: secret,
      // Nobody to mail: production starts without SMTP_URL only when told.
      MAIL_TRANSPORT: 'outbox',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the gateway exited with ${child.exitCode}`);
      const status = await fetch(`http://127.0.0.1:${port}/readyz`).then(
        (r) => r.status,
        () => 0,
      );
      if (status === 200) break;
      await new Promise((r) => setTimeout(r, 5));
    }
    return { readyMs: performance.now() - started, rss: rssOf(child.pid!) };
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
}

// ---------------------------------------------------------------- 4. correctness after the restarts

/**
 * Every projection's documents in the read-model file the gateway loaded and caught up on its
 * restarts, next to a fresh replay of the whole log into memory: the same documents, field by field.
 */
async function compareWithFullReplay(dataDir: string, file: string, secret: string): Promise<{ documents: number; collections: number }> {
  const projections = allProjections(features);
  const store = new EncryptingEventStore(new SqliteEventStore(file), new SqliteGuestKeyStore(file), secret);
  const replayed = new MemoryDocumentStore();
  const engine = new ProjectionEngine(store, replayed, projections, { logger: pino({ level: 'silent' }) });
  await engine.start();
  await engine.stop();
  await store.close();
  // Opened as the gateway opens it: the collections that grow with every booking stay in the file.
  const served = new SqliteDocumentStore(join(dataDir, 'read-models.sqlite'), { onDisk: onDiskCollections(projections) });
  let documents = 0;
  try {
    for (const { name } of projections) {
      const [kept, fresh] = await Promise.all([served.collection(name).find(), replayed.collection(name).find()]);
      if (kept.length !== fresh.length)
        throw new Error(`${name}: ${kept.length} documents after the restarts, ${fresh.length} in a full replay`);
      kept.forEach((doc, i) => {
        // `_appliedAt` left out: it names the batch that wrote a document, and the gateway wrote in other batches.
        if (!isDeepStrictEqual(stripMeta(doc), stripMeta(fresh[i]!)))
          throw new Error(`${name}: document ${String(doc._id)} differs from a full replay`);
      });
      documents += kept.length;
    }
  } finally {
    await served.close();
  }
  return { documents, collections: projections.length };
}

// ---------------------------------------------------------------- main

/**
 * BENCH_PROFILE=<dir>: CPU profiles of the replays (<dir>/replay-one-core.cpuprofile, replay.cpuprofile: the main thread), of the replay into the
 * embedded file (replay-embedded.cpuprofile) and of each gateway start (<dir>/gateway/CPU.*.cpuprofile,
 * in the order of the starts).
 */
async function startProfile(): Promise<{ stop(name: string): Promise<void> } | null> {
  const dir = process.env.BENCH_PROFILE;
  if (!dir) return null;
  const session = new inspector.Session();
  session.connect();
  const post = (method: string) =>
    new Promise<unknown>((resolve, reject) => session.post(method, (err, result) => (err ? reject(err) : resolve(result))));
  await post('Profiler.enable');
  await post('Profiler.start');
  return {
    async stop(name) {
      const { profile } = (await post('Profiler.stop')) as { profile: object };
      mkdirSync(dir, { recursive: true });
      writeFileSync(join(dir, `${name}.cpuprofile`), JSON.stringify(profile));
      session.disconnect();
    },
  };
}

async function main(): Promise<void> {
  // Default: 100,000 events (a year of a busy café) and 1,000,000; `npm run bench:replay -- 30000` for one size.
  const sizes = String(process.argv[2] ?? process.env.BENCH_EVENTS ?? '100000,1000000')
    .split(',')
    .map(Number);
  if (sizes.some((n) => !Number.isInteger(n) || n <= 0)) throw new Error('N must be positive whole numbers of events');
  for (const total of sizes) await benchSize(total);
}

async function benchSize(total: number): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'cafe-bench-replay-'));
  const file = join(dataDir, 'events.sqlite');
  console.log(`bench:replay — ${fmt(total)} events, ${availableParallelism()} CPU(s), store ${file}\n`);
  try {
    // 1. generate
    const raw = new SqliteEventStore(file);
    const secret = embeddedGuestDataSecret(loadConfig({ DATA_DIR: dataDir }));
    const store = new EncryptingEventStore(raw, new SqliteGuestKeyStore(file), secret);
    const generated = await generate(store, raw, total);
    const head = await store.headPosition();
    console.log(
      `generate   ${fmt(total)} events in ${fmt(generated.ms)} ms = ${fmt((total / generated.ms) * 1000)} events/s appended ` +
        `(${fmt(APPENDS_PER_TRANSACTION)} appends per transaction, expected revision checked on each); file ${mb(statSync(file).size)}`,
    );
    console.log(
      `           ${Object.entries(generated.counts)
        .map(([t, n]) => `${t} ${fmt(n)}`)
        .join(', ')}`,
    );

    const benchRss = await replayAndRebuild(store, raw, head, total, dataDir);

    // 3. the built gateway on that data directory, as a deployment runs it: a first start (builds and
    //    persists the read models), then restarts (loads them and catches up from the checkpoints).
    if (serverIsStale()) await buildServer();
    const issuer = await startIssuer();
    try {
      for (const label of ['first start', 'restart', 'restart', 'restart']) {
        const startUp = await measureStartUp(dataDir, issuer.url);
        console.log(
          `${label === 'first start' ? '\n' : ''}${label.padEnd(11)} node dist/gateway.js on this data dir: ready (GET /readyz 200) ` +
            `${fmt(startUp.readyMs)} ms after the process was spawned; RSS then ${mb(startUp.rss)}`,
        );
      }
    } finally {
      await issuer.close();
    }
    console.log(`           this bench process RSS after generate + replay + rebuild: ${mb(benchRss)}`);

    // 4. what the restarted gateway serves equals a full replay of the same log
    const compared = await compareWithFullReplay(dataDir, file, secret);
    console.log(
      `\nrestart check: the read models the gateway kept across its restarts equal a full replay of the log ` +
        `(${fmt(compared.documents)} documents in ${compared.collections} collections)`,
    );
  } finally {
    // BENCH_KEEP=1 leaves the data directory for profiling a start by hand.
    if (process.env.BENCH_KEEP) console.log(`kept ${dataDir}`);
    else rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
