import { spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runInNewContext } from 'node:vm';
import { afterAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';

/**
 * Issue 51 (lows): docker-compose.yml's health checks of the two servers, run here without Docker: the
 * EventStoreDB one as its shell runs it, with a stand-in curl; the MongoDB one (a mongosh script) in a
 * sandbox standing in for mongosh.
 */
const root = join(import.meta.dirname, '..', '..', '..');
const compose = parse(readFileSync(join(root, 'docker-compose.yml'), 'utf8'), { merge: true }) as {
  services: Record<string, { healthcheck: { test: string[] } }>;
};
const bin = mkdtempSync(join(tmpdir(), 'cafe-healthcheck-'));
afterAll(() => rmSync(bin, { recursive: true, force: true }));

describe("EventStoreDB's health check", () => {
  // A node that answers only plain http (EVENTSTORE_INSECURE), only https (a certificate), or nothing yet.
  writeFileSync(
    join(bin, 'curl'),
    `#!/bin/sh
for arg in "$@"; do
  case "$arg" in
    http://*/health/live) [ "$NODE" = insecure ] && exit 0; exit 52 ;;
    https://*/health/live) [ "$NODE" = tls ] && exit 0; exit 7 ;;
  esac
done
exit 2
`,
  );
  chmodSync(join(bin, 'curl'), 0o755);
  const [form, command] = compose.services.eventstoredb!.healthcheck.test;
  const check = (node: string) =>
    spawnSync('sh', ['-c', command!.replaceAll('$$', '$')], { env: { PATH: `${bin}:${process.env.PATH}`, NODE: node } }).status;

  it('passes on an insecure node and on one with TLS, and fails while neither answers', () => {
    expect(form).toBe('CMD-SHELL');
    expect(check('insecure')).toBe(0);
    expect(check('tls')).toBe(0);
    expect(check('starting')).not.toBe(0);
  });
});

describe("MongoDB's health check (infra/mongo/init-replica-set.js)", () => {
  const script = readFileSync(join(root, 'infra', 'mongo', 'init-replica-set.js'), 'utf8');
  class Quit extends Error {
    constructor(readonly code: number) {
      super(`quit(${code})`);
    }
  }
  /** Runs the script as mongosh would on a node that is PRIMARY, under --auth: answers its exit code and who signed in. */
  const run = (env: Record<string, string>) => {
    let signedIn: string[] | null = null;
    const unauthorized = () => Object.assign(new Error('command replSetGetStatus requires authentication'), { code: 13 });
    const sandbox = {
      process: { env },
      print: () => undefined,
      quit: (code: number) => {
        throw new Quit(code);
      },
      db: {
        getSiblingDB: (name: string) => ({
          auth: (user: string, password: string) => {
            signedIn = [name, user, password];
            return { ok: 1 };
          },
        }),
        hello: () => ({ isWritablePrimary: true }),
      },
      rs: {
        status: () => {
          if (!signedIn) throw unauthorized();
          return { myState: 1 };
        },
        initiate: () => ({ ok: 1 }),
      },
    };
    try {
      runInNewContext(script, sandbox);
    } catch (error) {
      if (error instanceof Quit) return { code: error.code, signedIn };
      throw error;
    }
    throw new Error('the script did not quit');
  };

  it('is still the mongosh script compose runs', () => {
    expect(compose.services.mongodb!.healthcheck.test).toEqual(['CMD', 'mongosh', '--quiet', '--file', '/infra/mongo/init-replica-set.js']);
  });

  it('signs in with MONGO_INITDB_ROOT_USERNAME / _PASSWORD when they are set, so it passes under --auth', () => {
    expect(run({ MONGO_INITDB_ROOT_USERNAME: 'root', MONGO_INITDB_ROOT_PASSWORD: 'pw' })).toEqual({
      code: 0,
      signedIn: ['admin', 'root', 'pw'],
    });
  });

  it('without them signs in as nobody (a node without users); under --auth it then fails, as it must', () => {
    expect(run({})).toEqual({ code: 1, signedIn: null });
  });
});
