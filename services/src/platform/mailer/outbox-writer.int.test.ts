import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { OutboxWriter } from './outbox-writer.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function outbox() {
  const root = mkdtempSync(join(tmpdir(), 'cafe-outbox-writer-'));
  dirs.push(root);
  const dir = join(root, 'outbox');
  const files = () => {
    try {
      return readdirSync(dir).sort();
    } catch {
      return [];
    }
  };
  return { dir, files };
}

describe('OutboxWriter closing', () => {
  it('given mails handed over in the turn it closes, when close resolves, then every one is in the outbox and nothing lands after', async () => {
    const { dir, files } = outbox();
    const writer = new OutboxWriter(dir);
    // given two mails queued for the worker's next batch
    const written = [writer.write(join(dir, 'a.eml'), 'A'), writer.write(join(dir, 'b.eml'), 'B')];
    // when the writer closes in the same turn
    await writer.close();
    // then both are written, under their names, by the time it has closed
    expect(files()).toEqual(['a.eml', 'b.eml']);
    await Promise.all(written);
    // and nothing is written after: no new worker, no half-written file
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(files()).toEqual(['a.eml', 'b.eml']);
  });

  it('refuses a mail written after it closed, and leaves the outbox as it was', async () => {
    const { dir, files } = outbox();
    const writer = new OutboxWriter(dir);
    await writer.write(join(dir, 'a.eml'), 'A');
    await writer.close();
    await expect(writer.write(join(dir, 'late.eml'), 'late')).rejects.toThrow('the outbox is closed');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(files()).toEqual(['a.eml']);
  });
});
