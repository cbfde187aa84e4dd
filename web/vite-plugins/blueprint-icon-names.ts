import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

const SHIM = fileURLToPath(new URL('../src/lib/blueprint-icon-names.ts', import.meta.url));

/**
 * Resolves @blueprintjs/icons' own `./iconNames` import to src/lib/blueprint-icon-names.ts, which builds
 * the name table on first use instead of while the landing page's script is evaluated. If a Blueprint
 * release renames the module, nothing matches and the original is bundled as before.
 */
export function blueprintIconNames(): Plugin {
  return {
    name: 'cafe-blueprint-icon-names',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source === './iconNames' && importer && /[\\/]@blueprintjs[\\/]icons[\\/]lib[\\/]esm[\\/]/.test(importer)) return SHIM;
      return undefined;
    },
  };
}
