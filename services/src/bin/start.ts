import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runGateway } from './gateway.js';

/**
 * `npm start`: build the web app when its build is missing or older than its sources, then run the
 * gateway (with the projections in-process in the embedded mode).
 */
const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const web = join(root, 'web');
const dist = join(web, 'dist', 'index.html');

function newest(path: string): number {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path)
    .filter((name) => name !== 'node_modules' && name !== 'dist')
    .reduce((max, name) => Math.max(max, newest(join(path, name))), stat.mtimeMs);
}

function webIsStale(): boolean {
  if (!existsSync(dist)) return true;
  const built = statSync(dist).mtimeMs;
  const sources = [
    join(web, 'src'),
    join(web, 'index.html'),
    join(web, 'public'),
    join(web, 'vite.config.ts'),
    join(root, 'contracts', 'src'),
  ];
  return sources.some((s) => existsSync(s) && newest(s) > built);
}

if (!process.env.WEB_DIST && webIsStale()) {
  console.log('Building the web app (its build is missing or older than its sources)…');
  const result = spawnSync('npm', ['run', 'build', '-w', 'web'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error('The web build failed; see above.');
    process.exit(result.status ?? 1);
  }
}

runGateway().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
