import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { writeNewSecret } from './private-files.js';

let dir: string | undefined;
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});

describe('writeNewSecret', () => {
  it('writes the secret owner-only, and never over one already there (another process wrote it first)', () => {
    dir = mkdtempSync(join(tmpdir(), 'cafe-secret-'));
    const file = join(dir, 'session-secret');
    writeNewSecret(file, 'first');
    expect(readFileSync(file, 'utf8')).toBe('first');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(() => writeNewSecret(file, 'second')).toThrow(expect.objectContaining({ code: 'EEXIST' }));
    expect(readFileSync(file, 'utf8')).toBe('first');
  });
});
