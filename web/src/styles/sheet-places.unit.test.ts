import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Where a sheet lives (web/README.md, "Styles"): the global ones in src/styles, every other one beside
 * the components that import it, in their folder, so a lazily loaded part brings its CSS with it and a
 * sheet is found where its component is.
 */
const src = join(import.meta.dirname, '..');
const STYLES = 'styles';
const IMPORT = /import\s+['"](\.{1,2}\/[^'"]+\.css)['"]/g;

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? files(join(dir, entry.name)) : [join(dir, entry.name)],
  );
}

const all = files(src).map((file) => relative(src, file));
const sheets = all.filter((file) => file.endsWith('.css'));
/** Each sheet → the files that import it. */
const importers = new Map<string, string[]>(sheets.map((sheet) => [sheet, []]));
for (const file of all.filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f))) {
  for (const match of readFileSync(join(src, file), 'utf8').matchAll(IMPORT)) {
    const sheet = relative(src, resolve(src, dirname(file), match[1]!));
    importers.get(sheet)?.push(file);
  }
}

describe('every sheet is where web/README says', () => {
  it('a component sheet is imported only from its own folder', () => {
    const astray = sheets
      .filter((sheet) => dirname(sheet) !== STYLES)
      .flatMap((sheet) =>
        importers
          .get(sheet)!
          .filter((file) => dirname(file) !== dirname(sheet))
          .map((file) => `${sheet} ← ${file}`),
      );
    expect(astray).toEqual([]);
  });

  it('every sheet is imported (none left behind by a move)', () => {
    expect(sheets.filter((sheet) => importers.get(sheet)!.length === 0)).toEqual([]);
  });

  it('src/styles holds the global sheets only', () => {
    expect(sheets.filter((sheet) => dirname(sheet) === STYLES).sort()).toEqual([
      'styles/base.css',
      'styles/blueprint-overrides.css',
      'styles/forms.css',
      'styles/typography.css',
    ]);
  });
});
