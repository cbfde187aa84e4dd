/**
 * npm run smoke:compose — production on the real servers comes up and keeps its data across an
 * EventStoreDB restart: `docker compose up -d --build` (with the development sign-in override), wait
 * for the gateway, book a table, read it back through the staff API, restart EventStoreDB, book again,
 * see both, then `docker compose down -v`. Where no Docker engine is reachable it says so in one line
 * and exits 0. Uses its own compose project (cafe-smoke) and ports (PORT, default 3900; the compose
 * file also publishes 2113, 27017 and the sign-in provider's 3002 on this machine).
 *
 * First, with or without Docker: the compose files read as `docker compose` reads them with this run's
 * variables (the shell, then .env beside them), and the gateway's and projector's environment given to the
 * config loader, so a compose file or .env that cannot start fails here, saying why.
 */
import { execFile, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseEnv, promisify } from 'node:util';
import { parse } from 'yaml';
import { addDays, todayIn, weekdayOf } from '@cafe/contracts';
import { loadConfig } from '../src/platform/config.js';
import { signInOverHttp } from './smoke-sign-in.js';

const run = promisify(execFile);
const root = join(import.meta.dirname, '..', '..');
const port = Number(process.env.PORT ?? 3900);
const site = `http://localhost:${port}`;
const ADMIN = 'smoke@example.com';
const project = 'cafe-smoke';

/** What this run passes to `docker compose` besides the shell's environment. */
const composeVars = () => ({ PORT: String(port), PUBLIC_URL: site, COMPOSE_PROJECT_NAME: project });

/** A value of a service's `environment` as YAML reads it (`KEY:` alone is null). */
type EnvValue = string | number | boolean | null;

/**
 * The environment compose gives each app service: .env (env_file) under the files' `environment`, merged
 * in order, each `${NAME:-default}` taken from the shell, then .env (unset or empty: the default).
 */
function composeEnvironments(files: string[]): Record<'gateway' | 'projector', Record<string, string>> {
  const envFile = join(root, '.env');
  const dotEnv = existsSync(envFile) ? (parseEnv(readFileSync(envFile, 'utf8')) as Record<string, string>) : {};
  const vars: Record<string, string | undefined> = { ...dotEnv, ...process.env, ...composeVars() };
  const interpolate = (value: EnvValue): string =>
    String(value ?? '').replace(/\$\$|\$\{(\w+)(?::-([^}]*))?\}/g, (match, name?: string, fallback?: string) =>
      match === '$$' ? '$' : vars[name!] || (fallback ?? ''),
    );
  const environments = { gateway: { ...dotEnv }, projector: { ...dotEnv } };
  for (const file of files) {
    const { services = {} } = parse(readFileSync(file, 'utf8'), { merge: true }) as {
      services?: Record<string, { environment?: Record<string, EnvValue> }>;
    };
    for (const name of ['gateway', 'projector'] as const) {
      for (const [key, value] of Object.entries(services[name]?.environment ?? {})) environments[name][key] = interpolate(value);
    }
  }
  return environments;
}

/** The config loader's verdict on what compose would start; null when both would start. */
function composeRefusal(files: string[]): string | null {
  try {
    for (const [name, env] of Object.entries(composeEnvironments(files))) {
      try {
        loadConfig(env);
      } catch (error) {
        return `the ${name} would not start: ${error instanceof Error ? error.message : String(error)}`;
      }
    }
    return null;
  } catch (error) {
    return `the compose files do not parse: ${error instanceof Error ? error.message : String(error)}`;
  }
}

async function dockerEngine(): Promise<boolean> {
  try {
    await run('docker', ['info', '--format', '{{.ServerVersion}}'], { timeout: 10_000 });
    return true;
  } catch {
    return false;
  }
}

function compose(files: string[], args: string[]): Promise<void> {
  const argv = ['compose', '-p', project, '--project-directory', root, ...files.flatMap((f) => ['-f', f]), ...args];
  console.log(`$ docker ${argv.join(' ')}`);
  return new Promise((resolve, reject) => {
    const child = spawn('docker', argv, {
      stdio: 'inherit',
      env: { ...process.env, ...composeVars() },
    });
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`docker ${args[0]} exited with ${code}`))));
  });
}

async function until<T>(what: string, seconds: number, attempt: () => Promise<T | undefined>): Promise<T> {
  const deadline = Date.now() + seconds * 1000;
  let last: unknown;
  for (;;) {
    try {
      const value = await attempt();
      if (value !== undefined) return value;
    } catch (error) {
      last = error;
    }
    if (Date.now() > deadline) throw new Error(`${what}: not within ${seconds} s${last instanceof Error ? ` (${last.message})` : ''}`);
    await new Promise((r) => setTimeout(r, 2000));
  }
}

/** A table for two on the n-th Saturday ahead (open from 11:00 on weekends). */
function reservation(name: string, weeks: number) {
  let date = addDays(todayIn(process.env.BUSINESS_TIME_ZONE), 1);
  while (weekdayOf(date) !== 6) date = addDays(date, 1);
  return { name, email: 'smoke@example.com', phone: '(262) 555-0100', partySize: 2, date: addDays(date, 7 * weeks), time: '11:00' };
}

async function book(name: string, weeks: number): Promise<string> {
  const res = await fetch(`${site}/api/reservations`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: site },
    body: JSON.stringify(reservation(name, weeks)),
  });
  if (res.status !== 201) throw new Error(`POST /api/reservations answered ${res.status}: ${await res.text()}`);
  const behind = res.headers.get('x-read-models-behind') === 'true';
  const { id } = (await res.json()) as { id: string };
  console.log(`booked ${name}: ${id}${behind ? ' (read models behind)' : ''}`);
  return id;
}

async function staffSees(cookie: string, id: string, name: string): Promise<true | undefined> {
  const res = await fetch(`${site}/api/admin/reservations/${id}`, { headers: { cookie } });
  if (res.status === 404) return undefined; // the projector has not applied it yet
  if (res.status !== 200) throw new Error(`GET /api/admin/reservations/${id} answered ${res.status}`);
  const body = (await res.json()) as { name: string };
  if (body.name !== name) throw new Error(`reservation ${id} reads back as ${body.name}`);
  return true;
}

async function main(): Promise<number> {
  const dir = mkdtempSync(join(tmpdir(), 'cafe-smoke-'));
  // The smoke run's own admin, whatever .env says.
  const smokeFile = join(dir, 'docker-compose.smoke.yml');
  writeFileSync(smokeFile, `services:\n  gateway:\n    environment:\n      ADMIN_EMAILS: ${ADMIN}\n`);
  const files = [join(root, 'docker-compose.yml'), join(root, 'docker-compose.dev.yml'), smokeFile];
  const refusal = composeRefusal(files);
  if (refusal) {
    rmSync(dir, { recursive: true, force: true });
    console.error(`smoke:compose failed: ${refusal}`);
    return 1;
  }
  console.log('smoke:compose: the compose files and their environment load (gateway, projector)');
  if (!(await dockerEngine())) {
    rmSync(dir, { recursive: true, force: true });
    console.log('smoke:compose skipped: no Docker engine reachable (docker info failed)');
    return 0;
  }
  try {
    await compose(files, ['up', '-d', '--build']);
    await until('gateway healthy', 300, async () => ((await fetch(`${site}/healthz`)).ok ? true : undefined));
    const cookie = await until('staff sign-in', 120, () => signInOverHttp(site, ADMIN));
    const first = await until('first booking', 60, () => book('Smoke Before Restart', 1));
    await until('first booking visible to staff', 60, () => staffSees(cookie, first, 'Smoke Before Restart'));

    await compose(files, ['restart', 'eventstoredb']);
    const second = await until('booking after the EventStoreDB restart', 180, () => book('Smoke After Restart', 2));
    await until('second booking visible to staff', 120, () => staffSees(cookie, second, 'Smoke After Restart'));
    await until('first booking still visible', 30, () => staffSees(cookie, first, 'Smoke Before Restart'));
    console.log('smoke:compose passed: booked, read back, EventStoreDB restarted, booked again, both visible');
    return 0;
  } catch (error) {
    console.error(`smoke:compose failed: ${error instanceof Error ? error.message : String(error)}`);
    await compose(files, ['logs', '--tail', '80', 'gateway', 'projector']).catch(() => undefined);
    return 1;
  } finally {
    await compose(files, ['down', '-v']).catch((error: unknown) => console.error(`docker compose down -v failed: ${String(error)}`));
    rmSync(dir, { recursive: true, force: true });
  }
}

process.exitCode = await main();
