/*
 * Stands in for @blueprintjs/icons' iconNames module (vite-plugins/blueprint-icon-names.ts swaps it in).
 * The original converts all ~600 icon names to PascalCase and SNAKE_CASE when the page's script is
 * evaluated: some 60 ms of main-thread work on a 4x slower phone before anything is drawn. Here the
 * table is built on first use (Blueprint reads it only to list or look up icons by name), with the same
 * keys in the same order; the set of valid names needs no conversion and is built at once.
 */
import { pascalCase, snakeCase } from 'change-case';
import NAMES from 'virtual:blueprint/icon-names';

let table: Record<string, string> | undefined;
function names(): Record<string, string> {
  table ??= {
    ...Object.fromEntries(NAMES.map((name) => [pascalCase(name), name])),
    ...Object.fromEntries(NAMES.map((name) => [snakeCase(name).toUpperCase(), name])),
  };
  return table;
}

export const IconNames = new Proxy(
  {},
  {
    get: (_, key) => (typeof key === 'string' ? names()[key] : undefined),
    has: (_, key) => key in names(),
    ownKeys: () => Reflect.ownKeys(names()),
    getOwnPropertyDescriptor: (_, key) => Object.getOwnPropertyDescriptor(names(), key),
  },
);

export const IconNamesSet = new Set(NAMES);
