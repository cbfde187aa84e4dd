/**
 * `npm run bench:rebuild`: `ops rebuild` of every projection against a RUNNING gateway under load.
 *
 * The gateway (embedded store, BENCH_EVENTS events of history, default 100,000) runs in a child process;
 * this process drives continuous public POSTs and GETs with autocannon and, meanwhile, runs the real
 * `ops rebuild` command, which reaches the gateway through its control socket. Printed: the rebuild's
 * duration, the requests served while it ran (and their latency), failed requests, and whether every
 * read model after it equals a fresh replay of the log. Exits 1 on any failed request or difference.
 * Environment: BENCH_EVENTS, BENCH_CONNECTIONS (default 10).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isDeepStrictEqual } from 'node:util';
import autocannon from 'autocannon';
import pino from 'pino';
import { todayIn } from '@cafe/contracts';
import { loadConfig } from '../src/platform/config.js';
import { createRuntime, allProjections } from '../src/platform/runtime/runtime.js';
import { buildApp } from '../src/platform/http/app.js';
import { features } from '../src/features.js';
import { rebuildCommand } from '../src/bin/ops-projections.js';
import { freshReadModels, growHistory, readModelsOf, reservationBodies, roomyCafe } from '../test/live-load.js';
import { runBench, startBenchServer } from './bench-server.js';

const PUBLIC_URL = 'http://localhost:3000';
// Without the mail reactor: it would write a confirmation for each of the copied reservations.
const served = features.filter((f) => f.name !== 'notifications');

type ServerMessage =
  | { type: 'ready'; url: string; dataDir: string; events: string; today: string }
  | { type: 'compared'; equal: boolean; documents: number; differing: string[]; head: string };

// ---------------------------------------------------------------- the gateway (child process)

async function serve(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'cafe-bench-rebuild-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    RATE_LIMIT_MAX: '0',
    SEED_DEMO: 'true',
    PUBLIC_URL,
    WEB_DIST: join(dataDir, 'no-web'),
  });
  const runtime = await createRuntime({ config, logger: pino({ level: 'silent' }), features: served });
  const app = await buildApp(runtime, { logRequests: false, serveWeb: false });
  const url = await app.listen({ host: '127.0.0.1', port: 0 });
  const today = todayIn(config.zone);
  const bodies = reservationBodies(today);
  await roomyCafe(runtime.eventStore);
  for (let i = 0; i < 50; i++) {
    const res = await app.inject({
      method: 'POST',
      url: '/api/reservations',
      headers: { origin: PUBLIC_URL },
      payload: bodies.next().value,
    });
    if (res.statusCode !== 201) throw new Error(`seed POST answered ${res.statusCode}: ${res.body}`);
  }
  await growHistory(runtime.eventStore, Number(process.env.BENCH_EVENTS ?? 100_000));
  const head = await runtime.eventStore.headPosition();
  await runtime.readModels.waitFor(head, 600_000);
  const send = (m: ServerMessage) => process.send!(m);
  process.on('message', (message: { type: string }) => {
    void (async () => {
      if (message.type === 'compare') {
        const projections = allProjections(runtime.features);
        await runtime.readModels.waitFor(await runtime.eventStore.headPosition());
        const now = await readModelsOf(runtime.documents, projections);
        const fresh = await freshReadModels(runtime.eventStore, projections);
        const differing = projections.map((p) => p.name).filter((name) => !isDeepStrictEqual(now[name], fresh[name]));
        const documents = Object.values(now).reduce((n, docs) => n + docs.length, 0);
        send({
          type: 'compared',
          equal: differing.length === 0,
          documents,
          differing,
          head: (await runtime.eventStore.headPosition()).toString(),
        });
      } else if (message.type === 'stop') {
        await app.close();
        await runtime.close();
        rmSync(dataDir, { recursive: true, force: true });
        process.exit(0);
      }
    })();
  });
  send({ type: 'ready', url, dataDir, events: head.toString(), today });
}

// ---------------------------------------------------------------- driver (this process)

const startServer = () => startBenchServer<ServerMessage>(fileURLToPath(import.meta.url));

async function drive(): Promise<void> {
  const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
  const setupStarted = performance.now();
  const { child, next } = startServer();
  const ready = await next('ready');
  console.log(
    `bench:rebuild — gateway in a child process with ${Number(ready.events).toLocaleString('en-US')} events ` +
      `(ready in ${((performance.now() - setupStarted) / 1000).toFixed(1)} s), ${connections} connections of public POSTs and GETs ` +
      `from this one; ${availableParallelism()} CPU(s) (${cpus()[0]?.model ?? '?'})`,
  );
  const bodies = reservationBodies(ready.today);
  for (let i = 0; i < 100_000; i++) bodies.next(); // other guests than the seeded ones
  const json = { 'content-type': 'application/json', origin: PUBLIC_URL };
  const get = (path: string) => ({ method: 'GET' as const, path });

  let window: 'before' | 'during' | 'after' = 'before';
  const counts = { before: 0, during: 0, after: 0 };
  const failed = { before: 0, during: 0, after: 0 };
  const latencies: number[] = [];
  const statuses = new Map<string, number>();
  let finish: (result: autocannon.Result) => void = () => undefined;
  let fail: (error: unknown) => void = () => undefined;
  const finished = new Promise<autocannon.Result>((resolve, reject) => {
    finish = resolve;
    fail = reject;
  });
  const instance = autocannon(
    {
      url: ready.url,
      connections,
      duration: 3600,
      requests: [
        {
          method: 'POST',
          path: '/api/reservations',
          headers: json,
          setupRequest: (r: autocannon.Request) => ({ ...r, body: JSON.stringify(bodies.next().value) }),
        },
        get('/api/blocked-dates'),
        get('/api/menu/items'),
        get('/api/business-info'),
        get('/api/gallery'),
      ],
    },
    (error, result) => (error ? fail(error) : finish(result)),
  );
  instance.on('response', (_client: unknown, statusCode: number, _bytes: number, responseTime: number) => {
    counts[window]++;
    if (statusCode >= 400) {
      failed[window]++;
      statuses.set(`${window} ${statusCode}`, (statuses.get(`${window} ${statusCode}`) ?? 0) + 1);
    }
    if (window === 'during') latencies.push(responseTime);
  });
  instance.on('reqError', () => failed[window]++);

  await new Promise((r) => setTimeout(r, 2000)); // load running before the rebuild starts
  window = 'during';
  const lines: string[] = [];
  const started = performance.now();
  const code = await rebuildCommand([], { env: { DATA_DIR: ready.dataDir, LOG_LEVEL: 'silent' }, print: (l) => lines.push(l) });
  const ms = performance.now() - started;
  window = 'after';
  await new Promise((r) => setTimeout(r, 1000)); // and after it switched
  instance.stop();
  const result = await finished;

  child.send({ type: 'compare' });
  const compared = await next('compared');
  child.send({ type: 'stop' });

  const sorted = [...latencies].sort((a, b) => a - b);
  const pct = (p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!.toFixed(1) : '–');
  console.log('\nops rebuild said:');
  for (const l of lines.filter((l) => !l.startsWith('  '))) console.log(`  ${l}`);
  console.log();
  console.table({
    'rebuild (ops, through the control socket)': { value: `${Math.round(ms).toLocaleString('en-US')} ms`, exit: code },
    'requests served during the rebuild': { value: counts.during.toLocaleString('en-US'), exit: '' },
    '  req/s during the rebuild': { value: Math.round(counts.during / (ms / 1000)).toLocaleString('en-US'), exit: '' },
    '  latency during (p50 / p99 / max ms)': {
      value: `${pct(50)} / ${pct(99)} / ${sorted.length ? sorted[sorted.length - 1]!.toFixed(1) : '–'}`,
      exit: '',
    },
    'requests before / after': { value: `${counts.before} / ${counts.after}`, exit: '' },
    'failed requests (non-2xx or errors), whole run': {
      value: failed.before + failed.during + failed.after + result.errors + result.timeouts,
      exit: '',
    },
    'read models equal a fresh replay': {
      value: compared.equal
        ? `yes (${compared.documents.toLocaleString('en-US')} documents, head ${compared.head})`
        : `NO: ${compared.differing.join(', ')}`,
      exit: '',
    },
  });
  if (statuses.size) console.log('failed answers by window and status:', Object.fromEntries(statuses));
  const anyFailed = failed.before + failed.during + failed.after + result.errors + result.timeouts > 0;
  if (code !== 0 || anyFailed || !compared.equal || counts.during === 0) {
    console.error(
      'FAILED: the rebuild failed, a request failed, nothing was served meanwhile, or the read models differ from a fresh replay',
    );
    process.exitCode = 1;
  } else console.log('Zero failed requests; the rebuilt read models equal a fresh replay.');
}

runBench({ serve, drive });
