import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

/** Issue 26 #10: what the docs say of the health checks and /readyz is what compose and the code do. */
const root = join(import.meta.dirname, '..', '..', '..');
const read = (file: string) => readFileSync(join(root, file), 'utf8');
const compose = parse(read('docker-compose.yml'), { merge: true }) as {
  services: Record<string, { healthcheck?: { test: string[] }; environment?: Record<string, unknown> }>;
};
const pathChecked = (service: string) => /localhost:\d+(\/\w+)/.exec(compose.services[service]!.healthcheck!.test.join(' '))![1];

describe('the docs, given docker-compose.yml', () => {
  it("when they name the projector's health check, then it is the path compose calls", () => {
    const path = pathChecked('projector');
    expect(path).toBe('/readyz');
    for (const file of ['README.md', 'infra/README.md']) {
      const mentions = [...read(file).matchAll(/health check calls (?:its )?`(\/\w+)` on `PROJECTOR_PORT`/g)].map((m) => m[1]);
      expect(mentions.length, file).toBeGreaterThan(0);
      expect(new Set(mentions), file).toEqual(new Set([path]));
    }
    // The comment beside it, too.
    expect(read('docker-compose.yml')).not.toMatch(/# \/healthz of the projector/);
  });

  it('when they describe READYZ_MAX_LAG, then it counts events, not bytes of the log', () => {
    const row = read('README.md')
      .split('\n')
      .find((l) => l.startsWith('| `READYZ_MAX_LAG`'))!;
    expect(row).toMatch(/this many events behind/);
    expect(row).not.toMatch(/positions behind|i\.e\. a few events/);
    expect(read('.env.example')).not.toMatch(/READYZ_MAX_LAG[^\n]*positions|positions behind the event store/);
  });

  it("when they list a production deployment's secrets, then GUEST_DATA_SECRET is there", () => {
    expect(read('README.md')).toMatch(/cp \.env\.example \.env +# set [^\n]*GUEST_DATA_SECRET/);
    expect(read('infra/README.md')).toMatch(/GUEST_DATA_SECRET/);
  });
});
