import { fileURLToPath } from 'node:url';

/**
 * Deep imports of single contract modules (e.g. '@cafe/contracts/business') resolved to their source: the
 * package exports only its index. The web build (vite.config.ts) and the web's unit tests (the root
 * vitest.config.ts) resolve them alike.
 */
export const contractsModules = {
  find: /^@cafe\/contracts\/(.+)$/,
  replacement: fileURLToPath(new URL('../../contracts/src/$1', import.meta.url)),
};
