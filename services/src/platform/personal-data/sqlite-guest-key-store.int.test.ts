import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { guestKeyStoreContract } from './guest-key-store.contract.js';
import { SqliteGuestKeyStore } from './sqlite-guest-key-store.js';

guestKeyStoreContract('SQLite (beside the events)', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'cafe-keys-'));
  const file = join(dir, 'events.sqlite');
  return {
    store: new SqliteGuestKeyStore(file),
    reopen: async () => new SqliteGuestKeyStore(file),
    cleanup: async () => rmSync(dir, { recursive: true, force: true }),
  };
});

it('leaves no byte of a deleted key in the file or its log', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'cafe-keys-'));
  const file = join(dir, 'events.sqlite');
  const store = new SqliteGuestKeyStore(file);
  try {
    const key = await store.getOrCreate('guest-a');
    await store.getOrCreate('guest-b');
    await store.delete('guest-a');
    const bytes = Buffer.concat([readFileSync(file), readFileSync(`${file}-wal`, { flag: 'a+' })]);
    expect(bytes.indexOf(key)).toBe(-1);
  } finally {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  }
});
