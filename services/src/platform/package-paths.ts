import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The services package's folder, found by walking up from this module's file. The gateway runs both
 * from its sources (tests, tsx) and from the bundle in services/dist, where every module shares one
 * file's location, so a path relative to a module's own file would differ between the two.
 */
function findServicesDir(from: string): string {
  for (let dir = from; ; dir = dirname(dir)) {
    const manifest = join(dir, 'package.json');
    if (existsSync(manifest) && (JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string }).name === '@cafe/services') return dir;
    if (dirname(dir) === dir) throw new Error(`no @cafe/services package.json above ${from}`);
  }
}

export const SERVICES_DIR = findServicesDir(dirname(fileURLToPath(import.meta.url)));
/** The repository (the npm workspaces' root). */
export const REPOSITORY_DIR = dirname(SERVICES_DIR);
