import { mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPOSITORY_DIR } from '../platform/package-paths.js';
import { serverIsStale } from './server-build.js';
import { BUILD_STAMP, buildWeb, stampBuild, webIsStale, type Spawn } from './web-build.js';

describe('the web build that npm start runs', () => {
  it('is a production bundle even when the gateway is started with NODE_ENV=development', () => {
    const calls: { command: string; args: string[]; env: NodeJS.ProcessEnv }[] = [];
    const spawn: Spawn = (command, args, options) => {
      calls.push({ command, args, env: options.env });
      return { status: 0 };
    };
    expect(buildWeb('/repo', { NODE_ENV: 'development', PATH: '/usr/bin' }, spawn)).toBe(0);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.args).toEqual(['run', 'build', '-w', 'web']);
    expect(calls[0]!.env.NODE_ENV).toBe('production');
    expect(calls[0]!.env.PATH).toBe('/usr/bin');
  });

  it("reports the build's failure", () => {
    expect(buildWeb('/repo', {}, () => ({ status: 2 }))).toBe(2);
  });
});

describe('a build killed halfway', () => {
  const old = new Date('2026-01-01T00:00:00Z');
  /** A repository with web and contracts sources from January and a dist holding files but no stamp. */
  function halfBuilt(): { root: string; dist: string } {
    const root = mkdtempSync(join(tmpdir(), 'cafe-stamp-'));
    for (const file of ['web/src/main.tsx', 'web/index.html', 'contracts/src/index.ts', 'web/dist/index.html', 'web/dist/ssr/landing.js']) {
      mkdirSync(dirname(join(root, file)), { recursive: true });
      writeFileSync(join(root, file), '');
      if (!file.includes('dist')) utimesSync(join(root, file), old, old);
    }
    return { root, dist: join(root, 'web', 'dist', 'ssr') };
  }

  it('leaves a web dist that counts as missing until its build wrote the stamp last', () => {
    const { root, dist } = halfBuilt();
    try {
      expect(webIsStale(root)).toBe(true);
      stampBuild(dist);
      expect(webIsStale(root)).toBe(false);
      writeFileSync(join(root, 'web', 'src', 'main.tsx'), '// changed');
      utimesSync(join(root, 'web', 'src', 'main.tsx'), new Date(Date.now() + 5000), new Date(Date.now() + 5000));
      expect(webIsStale(root)).toBe(true);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('leaves a gateway bundle that counts as missing until the build wrote the stamp last', () => {
    const outdir = mkdtempSync(join(tmpdir(), 'cafe-stamp-server-'));
    try {
      writeFileSync(join(outdir, 'gateway.js'), '');
      expect(serverIsStale(outdir)).toBe(true);
      stampBuild(outdir);
      utimesSync(join(outdir, BUILD_STAMP), new Date(Date.now() + 60_000), new Date(Date.now() + 60_000));
      expect(serverIsStale(outdir)).toBe(false);
    } finally {
      rmSync(outdir, { recursive: true, force: true });
    }
  });

  it("is the stamp the web build's last step writes", () => {
    const script = readFileSync(join(REPOSITORY_DIR, 'web', 'scripts', 'prerender-landing.ts'), 'utf8');
    expect(script.trimEnd().split('\n').at(-1)).toContain(`'${BUILD_STAMP}'`);
  });
});
