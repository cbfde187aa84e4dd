import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn, execFile, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { addDays, slotsFor, todayIn } from '@cafe/contracts';
import { buildServer } from './server-build.js';

const run = promisify(execFile);
const services = join(import.meta.dirname, '..', '..');
const tsx = join(services, '..', 'node_modules', '.bin', 'tsx');

/**
 * The gateway as `npm start` and the image run it: compiled by esbuild. Built into a folder of this
 * file's own (inside the package, where the bundle finds its assets) so a concurrent build elsewhere
 * cannot swap it mid-test.
 */
const dist = join(services, '.tmp', `dist-processes-${process.pid}`);
const gatewayBundle = join(dist, 'gateway.js');
beforeAll(() => buildServer(dist), 60_000);
afterAll(() => rmSync(dist, { recursive: true, force: true }));

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/**
 * A free port is free when freePort() answers, not when the gateway binds it a moment later: another socket may
 * take it in between (on CI a gateway's own sign-in provider, listening first on an ephemeral port, got it). The
 * gateway then exits with EADDRINUSE, and the first start tries a fresh port.
 */
const portTaken = (error: unknown) => error instanceof Error && error.message.includes('EADDRINUSE');
const PORT_ATTEMPTS = 5;

async function waitForHealth(url: string, child: ChildProcess, output: () => string): Promise<void> {
  // (called at once after the spawn: its 'close' is yet to come)
  const closed = new Promise((resolve) => child.once('close', resolve));
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      await closed; // its last output read
      throw new Error(`gateway exited early:\n${output()}`);
    }
    try {
      // Bounded: until the gateway listens, the port may be another's, which need never answer.
      if ((await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(5000) })).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`gateway did not answer /healthz:\n${output()}`);
}

/** The real processes, as a newcomer runs them: the gateway on PORT/DATA_DIR, then the ops CLI. */
describe('gateway and ops processes', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'cafe-proc-'));
  let port = 0;
  let gateway: ChildProcess | null = null;
  let log = '';
  const env = () => ({
    ...process.env,
    PORT: String(port),
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    SEED_DEMO: 'false',
    WEB_DIST: join(dataDir, 'no-web'),
    INIT_CWD: services,
  });
  const start = async () => {
    log = '';
    gateway = spawn(process.execPath, ['--enable-source-maps', gatewayBundle], { env: env(), stdio: ['ignore', 'pipe', 'pipe'] });
    gateway.stdout!.on('data', (d) => (log += d));
    gateway.stderr!.on('data', (d) => (log += d));
    await waitForHealth(`http://127.0.0.1:${port}`, gateway, () => log);
  };
  const stop = async () => {
    if (!gateway || gateway.exitCode !== null) return;
    const exited = new Promise((r) => gateway!.once('exit', r));
    gateway.kill('SIGTERM');
    await exited;
  };

  beforeAll(async () => {
    for (let attempt = 1; ; attempt++) {
      port = await freePort();
      try {
        return await start();
      } catch (error) {
        if (!portTaken(error) || attempt >= PORT_ATTEMPTS) throw error;
      }
    }
  }, 90_000);
  afterAll(async () => {
    await stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('serves /healthz on PORT and keeps its events in DATA_DIR; ops prints them, also after a restart', async () => {
    const base = `http://127.0.0.1:${port}`;
    expect((await fetch(`${base}/healthz`)).status).toBe(200);
    // The bundle finds the package files beside its sources: the API document names this version.
    const docs = (await (await fetch(`${base}/api/docs/json`)).json()) as { info: { version: string } };
    expect(docs.info.version).toBe((JSON.parse(readFileSync(join(services, 'package.json'), 'utf8')) as { version: string }).version);
    const saturday = (() => {
      let d = addDays(todayIn('America/Chicago'), 1);
      while (new Date(`${d}T12:00:00Z`).getUTCDay() !== 6) d = addDays(d, 1);
      return d;
    })();
    const res = await fetch(`${base}/api/reservations`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: base },
      body: JSON.stringify({
        name: 'Grace Hopper',
        email: 'grace@example.com',
        phone: '(262) 555-0199',
        partySize: 3,
        date: saturday,
        time: '11:00',
      }),
    });
    expect(res.status).toBe(201);
    const { id } = (await res.json()) as { id: string };
    expect(existsSync(join(dataDir, 'events.sqlite'))).toBe(true);

    await stop();
    const opsEvents = async () => {
      const { stdout } = await run(tsx, [join(services, 'src', 'bin', 'ops.ts'), 'events', '--json'], { env: env() });
      return stdout
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as { type: string; stream: string; actor: string; data: { reservationId?: string } });
    };
    const found = (await opsEvents()).find((e) => e.type === 'ReservationRequested' && e.data.reservationId === id);
    expect(found).toMatchObject({ stream: `reservation-${id}`, actor: 'visitor' });

    await start();
    expect((await fetch(`${base}/readyz`)).status).toBe(200);
    expect((await opsEvents()).some((e) => e.data.reservationId === id)).toBe(true);
  }, 90_000);
});

/** Durability with group commit: a gateway killed mid-load keeps every booking it answered 201 for. */
describe('gateway killed with SIGKILL under concurrent bookings', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'cafe-kill-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('finds every 201-acknowledged reservation after the restart', async () => {
    const startOn = async (port: number) => {
      const base = `http://127.0.0.1:${port}`;
      const env = {
        ...process.env,
        PORT: String(port),
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        SEED_DEMO: 'false',
        RATE_LIMIT_MAX: '0',
        WEB_DIST: join(dataDir, 'no-web'),
      };
      let log = '';
      const gateway = spawn(process.execPath, [gatewayBundle], {
        cwd: services,
        env,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      gateway.stdout.on('data', (d) => (log += d));
      gateway.stderr.on('data', (d) => (log += d));
      await waitForHealth(base, gateway, () => log);
      return { base, env, gateway };
    };
    let started: Awaited<ReturnType<typeof startOn>> | null = null;
    for (let attempt = 1; !started; attempt++) {
      started = await startOn(await freePort()).catch((error: unknown) => {
        if (!portTaken(error) || attempt >= PORT_ATTEMPTS) throw error;
        return null;
      });
    }
    const { base, env, gateway } = started;

    const slots = Array.from({ length: 60 }, (_, d) => addDays(todayIn('America/Chicago'), d + 1)).flatMap((date) =>
      slotsFor(date).map((time) => ({ date, time })),
    );
    const acknowledged: string[] = [];
    let n = 0;
    let killed = false;
    const worker = async () => {
      while (!killed) {
        const slot = slots[n++ % slots.length]!;
        try {
          const res = await fetch(`${base}/api/reservations`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', origin: base },
            body: JSON.stringify({ name: `Guest ${n}`, email: `g${n}@example.com`, phone: '(262) 555-0100', partySize: 2, ...slot }),
          });
          if (res.status === 201) acknowledged.push(((await res.json()) as { id: string }).id);
        } catch {
          // the connection died with the process: this one was never acknowledged
        }
      }
    };
    const workers = Array.from({ length: 16 }, worker);
    while (acknowledged.length < 200) await new Promise((r) => setTimeout(r, 20));
    // Killed with requests in flight: some were appended and never answered, none answered and lost.
    const exited = new Promise((r) => gateway.once('exit', r));
    gateway.kill('SIGKILL');
    killed = true;
    await exited;
    await Promise.all(workers);

    const { stdout } = await run(tsx, [join(services, 'src', 'bin', 'ops.ts'), 'events', '--json'], { env, maxBuffer: 64 * 1024 * 1024 });
    const stored = new Set(
      stdout
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as { type: string; data: { reservationId?: string } })
        .filter((e) => e.type === 'ReservationRequested')
        .map((e) => e.data.reservationId),
    );
    const lost = acknowledged.filter((id) => !stored.has(id));
    expect(acknowledged.length).toBeGreaterThanOrEqual(200);
    expect(lost).toEqual([]);
  }, 120_000);
});
