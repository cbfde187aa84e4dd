import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../platform/config.js';
import { DEVELOPMENT_GUEST_DATA_SECRET } from '../platform/personal-data/guest-data-secret.js';

const run = promisify(execFile);
const services = join(import.meta.dirname, '..', '..');
const tsx = join(services, '..', 'node_modules', '.bin', 'tsx');

/** `npm run ops` on the host against the compose servers: the store settings exported, nothing from .env. */
const hostShell = () => {
  const env: NodeJS.ProcessEnv = { PATH: process.env.PATH, HOME: process.env.HOME };
  return {
    ...env,
    STORE: 'eventstoredb',
    // Nothing listens there: a process that got as far as connecting fails within half a second.
    EVENTSTORE_URL: 'esdb://127.0.0.1:9?tls=false',
    MONGODB_URL: 'mongodb://127.0.0.1:9/?directConnection=true&serverSelectionTimeoutMS=500&connectTimeoutMS=500',
  };
};
const SECRET = 'the-one-in-dot-env-of-the-compose-deployment';

describe('ops with STORE=eventstoredb and no GUEST_DATA_SECRET', () => {
  it('refuses before it touches the servers, naming GUEST_DATA_SECRET (the development secret would file keys under other hashes)', async () => {
    const failure = await run(tsx, [join(services, 'src', 'bin', 'ops.ts'), 'forget', 'guest@example.com'], {
      env: hostShell(),
      cwd: services,
    }).then(
      () => null,
      (error: { code: number; stderr: string }) => error,
    );
    expect(failure?.code).toBe(1);
    expect(failure?.stderr).toMatch(/STORE=eventstoredb needs GUEST_DATA_SECRET/);
    expect(failure?.stderr).not.toMatch(/ECONNREFUSED|Server selection|UNAVAILABLE/i);
  }, 30_000);

  it('uses the secret given, and the development one only when NODE_ENV=development says so (docker-compose.dev.yml)', () => {
    expect(() => loadConfig(hostShell())).toThrow(/STORE=eventstoredb needs GUEST_DATA_SECRET/);
    expect(loadConfig({ ...hostShell(), GUEST_DATA_SECRET: SECRET }).guestDataSecret).toBe(SECRET);
    expect(loadConfig({ ...hostShell(), NODE_ENV: 'development' }).guestDataSecret).toBe(DEVELOPMENT_GUEST_DATA_SECRET);
    const production = {
      NODE_ENV: 'production',
      SESSION_SECRET: 's'.repeat(40),
      GUEST_LINK_SECRET: 'l'.repeat(40),
      OIDC_ISSUER: 'https://accounts.example.com',
      OIDC_CLIENT_ID: 'cafe',
      OIDC_CLIENT_SECRET: 'c',
    };
    expect(() => loadConfig({ ...hostShell(), ...production })).toThrow(/production with STORE=eventstoredb needs GUEST_DATA_SECRET/);
    // The embedded store generates its own beside the events: nothing to ask for.
    expect(loadConfig({ PATH: process.env.PATH }).guestDataSecret).toBeUndefined();
  });
});
