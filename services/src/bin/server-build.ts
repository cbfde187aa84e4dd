import { existsSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { build, type Plugin } from 'esbuild';
import { REPOSITORY_DIR, SERVICES_DIR } from '../platform/package-paths.js';
import { BUILD_STAMP, newest, stampBuild } from './web-build.js';

/** The processes a deployment runs: `node dist/gateway.js`, `node dist/projector.js`. */
const ENTRIES = ['gateway', 'projector'];
/** A long catch-up's reader thread (platform/projections/parallel-catch-up.ts). */
const WORKER_ENTRIES = { 'catch-up-reader': 'src/platform/projections/catch-up-reader.ts' };
export const SERVER_DIST = join(SERVICES_DIR, 'dist');

/** The server bundle is missing, unfinished or older than its sources (its own and the shared contracts). */
export function serverIsStale(outdir = SERVER_DIST): boolean {
  const entry = join(outdir, BUILD_STAMP);
  if (!existsSync(entry)) return true;
  const built = statSync(entry).mtimeMs;
  const sources = [join(SERVICES_DIR, 'src'), join(SERVICES_DIR, 'package.json'), join(REPOSITORY_DIR, 'contracts', 'src')];
  return sources.some((s) => existsSync(s) && newest(s) > built);
}

/** The workspace's own TypeScript packages are bundled; every npm package is loaded from node_modules as it is. */
const npmPackagesExternal: Plugin = {
  name: 'npm-packages-external',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@cafe/') ? undefined : { path: args.path, external: true }));
  },
};

/**
 * Compiles the gateway and the projector into plain JavaScript ES modules. A restart then costs neither
 * a TypeScript compile of every module nor the loader hooks of tsx, and the code only some deployments
 * need (EventStoreDB, MongoDB, the development sign-in provider, image processing) stays in chunks
 * loaded on first use, as it is in the sources.
 */
export async function buildServer(outdir = SERVER_DIST): Promise<void> {
  rmSync(outdir, { recursive: true, force: true });
  await build({
    entryPoints: {
      ...Object.fromEntries(ENTRIES.map((name) => [name, join(SERVICES_DIR, 'src', 'bin', `${name}.ts`)])),
      ...Object.fromEntries(Object.entries(WORKER_ENTRIES).map(([name, file]) => [name, join(SERVICES_DIR, file)])),
    },
    outdir,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node22',
    sourcemap: true,
    // Error classes keep their names in logs and answers.
    keepNames: true,
    logLevel: 'warning',
    plugins: [npmPackagesExternal],
  });
  stampBuild(outdir);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const started = performance.now();
  buildServer().then(
    () => console.log(`services/dist built in ${Math.round(performance.now() - started)} ms`),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
