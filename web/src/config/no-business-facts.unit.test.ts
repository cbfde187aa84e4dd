import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Facts about the café are Business Info's (and the library's count), never the web app's code: a price
 * change or a new parking note needs no developer. This fails when one of the facts the site used to hold
 * as code comes back into web/src, outside comments.
 */
const FACTS: [what: string, pattern: RegExp][] = [
  ['the play cover', /\$6(?![\d.])|coverFee/],
  ['the games count', /\b850\b|\d+\+\s*games/i],
  ['the games staff teach', /\b50\+/],
  ['the table hold', /\b\d+ minutes past/],
  ['the parking note', /free parking/i],
  ['the family note', /kids under \d/i],
  ['the party sizes', /groups of \d|\b6 to 24\b/i],
  ['the table sizes', /\b2 to 10\b|two or ten/i],
  ['the café name', /Meeple Haven/],
  ['the address', /Maple Grove/],
  ['an outside link of the café', /doordash\.com|boardgamegeek\.com|google\.com\/search|(facebook|instagram)\.com\/meeplehaven/i],
];

const src = join(import.meta.dirname, '..');
const self = relative(src, import.meta.filename);

/** Code without its comments (the words that explain it may name a fact; the code may not). */
const withoutComments = (code: string) => code.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1');

function factsIn(code: string): string[] {
  const text = withoutComments(code);
  return FACTS.filter(([, pattern]) => pattern.test(text)).map(([what]) => what);
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.(tsx?|css|html)$/.test(entry.name) && relative(src, path) !== self ? [path] : [];
  });
}

describe('web/src holds no business fact', () => {
  it('finds a fact written as code, and not one written in a comment', () => {
    expect(factsIn("const cover = '$6 play cover';")).toEqual(['the play cover']);
    expect(factsIn('<li>Your table is held for 15 minutes past your time.</li>')).toEqual(['the table hold']);
    expect(factsIn("title: 'Over 850+ Games!',")).toEqual(['the games count']);
    expect(factsIn('// Free parking behind the building, as the café says it\nconst x = 1;')).toEqual([]);
  });

  it('no file of web/src names the cover, counts, hold, notes, sizes, name, address or links of the café', () => {
    const files = sourceFiles(src);
    expect(files.length).toBeGreaterThan(100);
    const found = files.flatMap((file) => factsIn(readFileSync(file, 'utf8')).map((what) => `${relative(src, file)}: ${what}`));
    expect(found).toEqual([]);
  });
});
