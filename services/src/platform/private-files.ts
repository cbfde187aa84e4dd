import { chmodSync, closeSync, existsSync, fsyncSync, mkdirSync, openSync, readdirSync, statSync, writeSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** Owner only: files 0600, directories 0700. Given at creation, so no umask can widen them. */
export const PRIVATE_FILE_MODE = 0o600;
export const PRIVATE_DIR_MODE = 0o700;

/**
 * DATA_DIR and its databases hold guests' personal data and live session ids: only the service's
 * own user may read them, whatever the umask. Answers whether the directory was open to others
 * (made by an older version under a loose umask), so its owner can narrow what it already holds.
 */
export function ensurePrivateDir(dir: string): boolean {
  mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  const mode = statSync(dir).mode & 0o777;
  if (mode !== PRIVATE_DIR_MODE) chmodSync(dir, PRIVATE_DIR_MODE);
  return (mode & 0o077) !== 0;
}

/**
 * A directory of personal files (the outbox's mails, the uploads): made 0700, and when an older
 * version left it open, its files narrowed to 0600 once.
 */
export function ensurePrivateFilesDir(dir: string): void {
  if (!ensurePrivateDir(dir)) return;
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path, { throwIfNoEntry: false })?.isFile()) chmodSync(path, PRIVATE_FILE_MODE);
  }
}

/** Creates (or narrows) a database file as 0600 before SQLite opens it; SQLite gives its -wal and -shm the same mode. */
export function preparePrivateFile(file: string): void {
  ensurePrivateDir(dirname(file));
  closeSync(openSync(file, 'a', PRIVATE_FILE_MODE));
  for (const path of [file, `${file}-wal`, `${file}-shm`]) {
    if (existsSync(path)) chmodSync(path, PRIVATE_FILE_MODE);
  }
}

/**
 * Writes a secret kept in DATA_DIR (the session, guest-link and guest-data secrets) as 0600, only if it is not
 * there yet (EEXIST otherwise), and fsyncs it and its directory before answering: a secret lost to a crash or
 * a disk that turned read-only would sign nobody in again, or leave sealed personal data unreadable.
 */
export function writeNewSecret(file: string, secret: string): void {
  const fd = openSync(file, 'wx', PRIVATE_FILE_MODE);
  try {
    writeSync(fd, secret);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  const dir = openSync(dirname(file), 'r');
  try {
    fsyncSync(dir);
  } finally {
    closeSync(dir);
  }
}
