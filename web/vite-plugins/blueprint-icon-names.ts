import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

const SHIM = fileURLToPath(new URL('../src/lib/blueprint-icon-names.ts', import.meta.url));
const NAMES_ID = 'virtual:blueprint/icon-names';

/**
 * Resolves @blueprintjs/icons' own `./iconNames` import to src/lib/blueprint-icon-names.ts, which builds
 * the name table on first use instead of while the landing page's script is evaluated. If a Blueprint
 * release renames the module, nothing matches and the original is bundled as before.
 *
 * The shim's list of names, `virtual:blueprint/icon-names`, is read from the installed package at build
 * time and shipped as one comma-separated string: half the bytes of Blueprint's name enum (3 KB instead
 * of 6 KB gzipped on the landing page), and the same names.
 */
export function blueprintIconNames(): Plugin {
  return {
    name: 'cafe-blueprint-icon-names',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source === NAMES_ID) return `\0${NAMES_ID}`;
      if (source === './iconNames' && importer && /[\\/]@blueprintjs[\\/]icons[\\/]lib[\\/]esm[\\/]/.test(importer)) return SHIM;
      return undefined;
    },
    load(id) {
      if (id !== `\0${NAMES_ID}`) return undefined;
      const require = createRequire(import.meta.url);
      const { BlueprintIcons_16 } = require('@blueprintjs/icons/lib/cjs/generated/16px/blueprint-icons-16') as {
        BlueprintIcons_16: Record<string, string>;
      };
      const names = Object.values(BlueprintIcons_16);
      if (names.length === 0 || names.some((name) => name.includes(','))) throw new Error('unexpected Blueprint icon names');
      return `export default ${JSON.stringify(names.join(','))}.split(',');`;
    },
  };
}
