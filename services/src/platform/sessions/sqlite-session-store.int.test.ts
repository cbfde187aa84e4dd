import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SqliteSessionStore } from './sqlite-session-store.js';

describe('SQLite session store (embedded mode)', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'cafe-sessions-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('keeps a session across close and reopen of the file, and forgets it once destroyed', async () => {
    const first = new SqliteSessionStore(join(dir, 'sessions.sqlite'));
    await first.set('sid-1', { user: { email: 'owner@example.com' } }, new Date(Date.now() + 60_000));
    await first.close();
    const second = new SqliteSessionStore(join(dir, 'sessions.sqlite'));
    expect(await second.get('sid-1')).toEqual({ user: { email: 'owner@example.com' } });
    await second.destroy('sid-1');
    expect(await second.get('sid-1')).toBeNull();
    await second.close();
  });

  it('does not hand out an expired session', async () => {
    const store = new SqliteSessionStore(join(dir, 'sessions.sqlite'));
    await store.set('old', { user: { email: 'a@example.com' } }, new Date(Date.now() - 1));
    expect(await store.get('old')).toBeNull();
    await store.close();
  });
});
