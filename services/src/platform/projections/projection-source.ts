import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { SERVICES_DIR } from '../package-paths.js';
import type { ProjectionSource } from './parallel-catch-up.js';

/**
 * The service's own projections as a catch-up worker loads them: the `features` list of
 * src/features.ts in the sources (tsx, vitest), of dist/features.js once built (a bundle entry of its
 * own, see server-build.ts). Told apart by this module's own file, as the worker's file is.
 */
export function serviceProjections(): ProjectionSource {
  const built = !import.meta.url.endsWith('.ts');
  const file = built ? join(SERVICES_DIR, 'dist', 'features.js') : join(SERVICES_DIR, 'src', 'features.ts');
  return { module: pathToFileURL(file).href, exportName: 'features' };
}
