import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { inject } from 'vitest';

export const WEB_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const ROOT_DIR = join(WEB_DIR, '..');

const GATEWAY = join(ROOT_DIR, 'services', 'dist', 'gateway.js');

/**
 * Builds web/dist and the gateway's bundle (services/dist) when missing or older than their sources:
 * `npm start`'s own build step, so the browser tests run what a deployment runs.
 */
export function buildIfStale(): void {
  const { WEB_DIST: _ignored, ...env } = process.env;
  const tsx = join(ROOT_DIR, 'node_modules', '.bin', 'tsx');
  const result = spawnSync(tsx, [join(ROOT_DIR, 'services', 'src', 'bin', 'build-if-stale.ts')], { cwd: ROOT_DIR, stdio: 'inherit', env });
  if (result.status !== 0) throw new Error('the web or gateway build failed');
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

export interface RunningServer {
  url: string;
  dataDir: string;
  /** Stops the gateway and removes its data directory (copied first into `keepIn` when given). */
  stop(keepIn?: string): Promise<void>;
}

/**
 * Starts the real gateway (services/dist/gateway.js, as `npm start` runs it: routes, projections, the
 * local OpenID provider, the built web app) as a child process on an ephemeral port with a temporary
 * DATA_DIR. `buildIfStale()` must have run first.
 */
export async function startServer(
  env: Record<string, string> = {},
  seeded: string | null | undefined = seededTemplate(),
  /** A data directory made for this server (year-of-bookings.ts): it becomes the server's own, removed at stop. */
  prepared?: string,
): Promise<RunningServer> {
  const dataDir = prepared ?? mkdtempSync(join(tmpdir(), 'cafe-e2e-'));
  // The demo café, seeded once for the run (global-setup.ts): copied instead of seeded again at each start.
  const zone = env.BUSINESS_TIME_ZONE ?? process.env.BUSINESS_TIME_ZONE ?? TEMPLATE_ZONE;
  // Only on the day it was seeded: the demo's events lie relative to the café's today.
  const template =
    !prepared && seeded && env.SEED_DEMO !== 'false' && zone === TEMPLATE_ZONE && seededOn(seeded) === cafeToday() ? seeded : null;
  if (template) cpSync(template, dataDir, { recursive: true });
  // The port is free when freePort() answers, not when the gateway binds it a moment later: another socket may
  // take it in between (on CI the gateway's own sign-in provider, listening first on an ephemeral port, got it:
  // EADDRINUSE). Then the gateway exits, and a fresh port is tried.
  for (let attempt = 1; ; attempt++) {
    if (attempt > 1 && !prepared) {
      // What the failed start wrote goes: the next one starts from the same directory as the first.
      for (const entry of readdirSync(dataDir)) rmSync(join(dataDir, entry), { recursive: true, force: true });
      if (template) cpSync(template, dataDir, { recursive: true });
    }
    try {
      return await startGateway(await freePort(), dataDir, env);
    } catch (error) {
      if (!(error instanceof PortTakenError) || attempt >= PORT_ATTEMPTS) {
        if (!prepared) rmSync(dataDir, { recursive: true, force: true });
        throw error;
      }
    }
  }
}

/** Ports tried before giving up: each is taken only by a rare race. */
const PORT_ATTEMPTS = 5;

/** The gateway exited because its port was taken between freePort() and its listen. */
class PortTakenError extends Error {}

/** The gateway on `port`, once /readyz answers. */
async function startGateway(port: number, dataDir: string, env: Record<string, string>): Promise<RunningServer> {
  const url = `http://localhost:${port}`;
  const child: ChildProcess = spawn(process.execPath, ['--enable-source-maps', GATEWAY], {
    cwd: ROOT_DIR,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(port),
      PUBLIC_URL: url,
      DATA_DIR: dataDir,
      SEED_DEMO: 'true',
      RATE_LIMIT_MAX: '0',
      LOG_LEVEL: 'warn',
      // E2E_WEB_DIST runs the tests against another build (an older commit's, to see a test fail on it).
      WEB_DIST: process.env.E2E_WEB_DIST ?? join(WEB_DIR, 'dist'),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (d) => (output += d));
  child.stderr?.on('data', (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const closed = new Promise<void>((resolve) => child.once('close', () => resolve()));

  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      await closed; // its last output read
      const message = `the server exited (${child.exitCode ?? child.signalCode}):\n${output}`;
      throw output.includes('EADDRINUSE') ? new PortTakenError(message) : new Error(message);
    }
    try {
      // Bounded: until the gateway listens, the port may be another's, which need never answer.
      const res = await fetch(`${url}/readyz`, { signal: AbortSignal.timeout(5000) });
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the server did not become ready in 90 s:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    url,
    dataDir,
    stop: async (keepIn?: string) => {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
        await exited;
        clearTimeout(timer);
      }
      if (keepIn) cpSync(dataDir, keepIn, { recursive: true });
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The zone the run's seeded demo café was made in: servers of another zone seed their own. */
const TEMPLATE_ZONE = 'America/Chicago';

/** The run's seeded data directory in a test file (undefined outside one, or when none was made). */
function seededTemplate(): string | undefined {
  try {
    return inject('seededDataDir');
  } catch {
    return undefined; // global-setup itself, outside a test file
  }
}

/**
 * A data directory holding the demo café as a first start seeds it (the events, the read models caught up,
 * the uploads), made by starting the gateway once and stopping it. Each later server copies it (about a
 * second of CPU less per file than seeding again); its dates are the run's today in the café's zone.
 */
export async function seedDataDirTemplate(): Promise<string> {
  const day = cafeToday();
  const server = await startServer({ BUSINESS_TIME_ZONE: TEMPLATE_ZONE }, null);
  const copy = mkdtempSync(join(tmpdir(), 'cafe-e2e-seeded-'));
  await server.stop(copy);
  // A run that crosses midnight in the café seeds afresh after it (startServer compares).
  writeFileSync(seededOnFile(copy), day);
  return copy;
}

/** Today in the template's zone, 'yyyy-MM-dd'. */
const cafeToday = () => new Intl.DateTimeFormat('en-CA', { timeZone: TEMPLATE_ZONE }).format(new Date());
/** Beside the template, not in it: a server's data directory holds only what the gateway wrote. */
const seededOnFile = (template: string) => `${template}.seeded-on`;
const seededOn = (template: string) => (existsSync(seededOnFile(template)) ? readFileSync(seededOnFile(template), 'utf8') : '');

/** The shared gateway's settings: the demo café in Chicago, owner@example.com its one admin. */
export const SHARED_SERVER_ENV = { ADMIN_EMAILS: 'owner@example.com', BUSINESS_TIME_ZONE: 'America/Chicago' };

/**
 * The gateway global-setup.ts started for the web-e2e project, shared by files that change nothing
 * another file reads (no business info, hours, seats or closures) and that count only their own
 * bookings, so two of them may run at once. Without one (the file run in another project) the file
 * starts its own with the same settings. Stopping it is global-setup's job.
 */
export async function sharedServer(): Promise<RunningServer> {
  const shared = inject('sharedServer');
  if (!shared) return startServer(SHARED_SERVER_ENV);
  return { ...shared, stop: async () => undefined };
}
