import { spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export type Spawn = (
  command: string,
  args: string[],
  options: { cwd: string; stdio: 'inherit'; env: NodeJS.ProcessEnv },
) => Pick<SpawnSyncReturns<Buffer>, 'status'>;

/** The newest modification time of a file or, recursively, a folder (node_modules and dist aside). */
export function newest(path: string): number {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path)
    .filter((name) => name !== 'node_modules' && name !== 'dist')
    .reduce((max, name) => Math.max(max, newest(join(path, name))), stat.mtimeMs);
}

/**
 * Written into a dist folder as the last step of its build (web/scripts/prerender-landing.ts, buildServer):
 * a build killed halfway leaves files that look new but no stamp, and counts as missing.
 */
export const BUILD_STAMP = '.build-complete';

/** Marks a finished build (see BUILD_STAMP). */
export function stampBuild(dist: string): void {
  writeFileSync(join(dist, BUILD_STAMP), `${new Date().toISOString()}\n`);
}

/** The web build is missing, unfinished or older than its sources (its own and the shared contracts). */
export function webIsStale(root: string): boolean {
  const web = join(root, 'web');
  // Under dist/ssr, which the gateway never serves (a file of its own, not for browsers).
  const dist = join(web, 'dist', 'ssr', BUILD_STAMP);
  if (!existsSync(dist)) return true;
  const built = statSync(dist).mtimeMs;
  const sources = [
    join(web, 'src'),
    join(web, 'index.html'),
    join(web, 'public'),
    join(web, 'vite.config.ts'),
    join(web, 'vite-plugins'),
    join(root, 'contracts', 'src'),
  ];
  return sources.some((s) => existsSync(s) && newest(s) > built);
}

/**
 * Builds web/dist for the gateway to serve. Always a production bundle: Vite takes NODE_ENV from the
 * environment, and `NODE_ENV=development npm start` (the gateway's development mode) would otherwise
 * ship React's development build, several times larger and slower, to every visitor.
 */
export function buildWeb(root: string, env: NodeJS.ProcessEnv = process.env, spawn: Spawn = spawnSync): number {
  const result = spawn('npm', ['run', 'build', '-w', 'web'], { cwd: root, stdio: 'inherit', env: { ...env, NODE_ENV: 'production' } });
  return result.status ?? 1;
}
