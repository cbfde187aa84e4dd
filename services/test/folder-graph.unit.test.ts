import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * ESLint's import-x/no-cycle sees files; this sees folders. A slice (services) or a feature (web) that
 * imports another, which imports it back through other files, is a loop between folders even when no
 * file imports itself: the layers stop being layers. Every folder is one node here (platform/commands,
 * features/staff-bookings/components/…); tests are left out, as they may reach across on purpose. A type-only
 * import (`import type`, `import { type X }`, `export type … from`, `import('…').X`) is an edge like any
 * other: no-cycle skips those, this does not. The house script (`npm run house`) checks the same graph
 * against the layers declared in services/layers.js.
 */
const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const IMPORT = /(?:import|export)\s[^'"]*?from\s+['"](\.{1,2}\/[^'"]+)['"]|import\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)/g;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' || entry.name === 'dist' ? [] : sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** Folder → the folders its files import (relative imports only; packages are outside the graph). */
function folderGraph(base: string, group: (folder: string) => string): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const file of sourceFiles(base)) {
    const from = group(relative(base, dirname(file)));
    const edges = graph.get(from) ?? new Set<string>();
    graph.set(from, edges);
    for (const match of readFileSync(file, 'utf8').matchAll(IMPORT)) {
      const target = group(relative(base, dirname(resolve(dirname(file), match[1] ?? match[2]!))));
      if (target !== from && !target.startsWith('..')) edges.add(target);
    }
  }
  return graph;
}

/** The one loop finder the house script uses too (infra/eslint/imports.js, plain JavaScript: typed here). */
type LoopsOf = (nodes: Iterable<string>, next: (node: string) => Iterable<string>) => string[][];
const { loopsOf } = (await import(pathToFileURL(join(root, 'infra/eslint/imports.js')).href)) as { loopsOf: LoopsOf };
const loops = (graph: Map<string, Set<string>>) => loopsOf(graph.keys(), (node) => graph.get(node) ?? []);

// A slice or feature is one node with its subfolders; shared folders stay as they are.
const topFolder = (depth: number) => (folder: string) => folder.split('/').slice(0, depth).join('/') || '.';

/** services/layers.js, the house's declaration: plain JavaScript for eslint.config.js, so typed here. */
type Layers = { roomsOnDisk(): string[]; kindOf(room: string): string };
const layers = (await import(pathToFileURL(join(root, 'services/layers.js')).href)) as Layers;

describe('no import loop between folders', () => {
  it('services: slices, the booking core and the platform', () => {
    expect(loops(folderGraph(join(root, 'services/src'), (f) => (f.startsWith('platform') ? topFolder(2)(f) : topFolder(1)(f))))).toEqual(
      [],
    );
  });

  it('web: features, shared code and the app', () => {
    expect(loops(folderGraph(join(root, 'web/src'), (f) => (f.startsWith('features') ? topFolder(2)(f) : topFolder(1)(f))))).toEqual([]);
  });

  it('web: the folders inside each feature (api, hooks, components/<part>)', () => {
    expect(loops(folderGraph(join(root, 'web/src'), (f) => (f.startsWith('features') ? f : topFolder(1)(f))))).toEqual([]);
  });

  it('services: every folder is a room declared in services/layers.js', () => {
    expect(layers.roomsOnDisk().filter((room) => layers.kindOf(room) === 'undeclared')).toEqual([]);
  });

  it('services: a loop through type-only imports is a loop', () => {
    const base = mkdtempSync(join(tmpdir(), 'folder-graph-'));
    const write = (path: string, text: string) => {
      mkdirSync(dirname(join(base, path)), { recursive: true });
      writeFileSync(join(base, path), text);
    };
    try {
      write('a/a.ts', "import { b } from '../b/b.js';\nexport type A = { b: typeof b };\n");
      write('b/b.ts', "import type { A } from '../a/a.js';\nexport const b = (a: A) => a;\n");
      write('c/c.ts', "import {\n  type D,\n} from '../d/d.js';\nexport const c = (d: D) => d;\n");
      write('d/d.ts', "export type { C } from '../c/c.js';\nexport type D = 1;\n");
      write('e/e.ts', "export type F = import('../f/f.js').F;\n");
      write('f/f.ts', "import type { F as E } from '../e/e.js';\nexport type F = E | 1;\n");
      expect(loops(folderGraph(base, topFolder(1))).sort()).toEqual([
        ['a', 'b'],
        ['c', 'd'],
        ['e', 'f'],
      ]);
    } finally {
      rmSync(base, { recursive: true, force: true });
    }
  });

  it('finds a loop when there is one', () => {
    const graph = new Map([
      ['a', new Set(['b'])],
      ['b', new Set(['c'])],
      ['c', new Set(['a'])],
      ['d', new Set(['a'])],
    ]);
    expect(loops(graph)).toEqual([['a', 'b', 'c']]);
  });
});
