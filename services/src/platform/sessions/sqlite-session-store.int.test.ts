import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sessionStoreContract } from './session-store.contract.js';
import { SqliteSessionStore } from './sqlite-session-store.js';

sessionStoreContract('SQLite (embedded)', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'cafe-sessions-'));
  const file = join(dir, 'sessions.sqlite');
  return {
    store: new SqliteSessionStore(file),
    reopen: async () => new SqliteSessionStore(file),
    cleanup: async () => rmSync(dir, { recursive: true, force: true }),
  };
});
