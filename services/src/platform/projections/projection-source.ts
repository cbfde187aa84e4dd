import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { SERVICES_DIR } from '../package-paths.js';
import type { ProjectionSource } from './parallel-catch-up.js';

/**
 * The service's own projections as a catch-up worker loads them: the `features` list of
 * src/features.ts in the sources (tsx, vitest), of features.js beside the bundle's chunks once built
 * (an entry of its own, see server-build.ts). Told apart by this module's own file, as the worker's file is.
 */
export function serviceProjections(): ProjectionSource {
  // Built, every module of the bundle (this one's chunk included) lies in the bundle's one folder.
  if (!import.meta.url.endsWith('.ts')) return { module: new URL('./features.js', import.meta.url).href, exportName: 'features' };
  return { module: pathToFileURL(join(SERVICES_DIR, 'src', 'features.ts')).href, exportName: 'features' };
}
