import { chmodSync, closeSync, existsSync, mkdirSync, openSync } from 'node:fs';
import { dirname } from 'node:path';

/**
 * DATA_DIR and its databases hold guests' personal data and live session ids: only the service's
 * own user may read them, whatever the umask.
 */
export function ensurePrivateDir(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  chmodSync(dir, 0o700);
}

/** Creates (or narrows) a database file as 0600 before SQLite opens it; SQLite gives its -wal and -shm the same mode. */
export function preparePrivateFile(file: string): void {
  ensurePrivateDir(dirname(file));
  closeSync(openSync(file, 'a', 0o600));
  for (const path of [file, `${file}-wal`, `${file}-shm`]) {
    if (existsSync(path)) chmodSync(path, 0o600);
  }
}
