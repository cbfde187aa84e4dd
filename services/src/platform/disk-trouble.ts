import { closeSync, openSync, rmSync, statfsSync, writeSync } from 'node:fs';
import { access, constants } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import { HttpError } from './errors.js';
import { DISK_FULL_REFUSAL, DISK_UNWRITABLE_REFUSAL } from '@cafe/contracts';

// A full, read-only or failing disk under the embedded stores (DATA_DIR): what a failed write means,
// the refusal a writer gets, and what the stores report to /readyz while it lasts.

export type DiskTroubleKind = 'full' | 'read-only' | 'failing';

export interface DiskTrouble {
  kind: DiskTroubleKind;
  /** The file a write to failed (or the directory found read-only). */
  file: string;
  /** What failed: SQLite's code, with the system's where a probe of the directory found it (SQLITE_IOERR_WRITE, EROFS). */
  code: string;
  since: Date;
}

/** A write refused because the disk could not take it: nothing of it was stored (or acknowledged). */
export class DiskRefusedError extends HttpError {
  constructor(
    readonly trouble: DiskTrouble,
    cause: unknown,
  ) {
    super(503, trouble.kind === 'full' ? DISK_FULL_REFUSAL : DISK_UNWRITABLE_REFUSAL);
    this.cause = cause;
  }
}

/**
 * The trouble a failed write of `file` means, or null when the error is not the disk's (a conflict, a
 * bug). SQLite says SQLITE_FULL for ENOSPC but SQLITE_IOERR_* for any other failed write or sync
 * (EROFS included): the directory is probed then, to tell read-only from full from failing.
 */
export function diskTroubleOf(error: unknown, file: string): DiskTrouble | null {
  const code = codeOf(error);
  if (!code) return null;
  const since = new Date();
  if (code === 'SQLITE_FULL' || code === 'ENOSPC' || code === 'EDQUOT') return { kind: 'full', file, code, since };
  if (code.startsWith('SQLITE_READONLY') || code === 'EROFS') return { kind: 'read-only', file, code, since };
  if (code.startsWith('SQLITE_IOERR') || code.startsWith('SQLITE_CANTOPEN') || code === 'EIO') {
    const found = probeDirectory(dirname(file));
    return { kind: found?.kind ?? 'failing', file, code: found ? `${code}, ${found.code}` : code, since };
  }
  return null;
}

/**
 * Writes and removes a small file in `dir`: null when that works and the disk has room, else what stops
 * a write there (a read-only disk refuses the open, a full one the write). A few system calls, made only
 * while a store reports trouble; no fsync, which a failing disk could hold for long on the event loop.
 */
export function probeDirectory(dir: string): { kind: DiskTroubleKind; code: string } | null {
  const probe = join(dir, `.write-probe-${process.pid}`);
  let fd: number | null = null;
  try {
    fd = openSync(probe, 'w');
    writeSync(fd, 'probe');
  } catch (error) {
    const code = codeOf(error) ?? 'EIO';
    return { kind: code === 'ENOSPC' || code === 'EDQUOT' ? 'full' : code === 'EROFS' ? 'read-only' : 'failing', code };
  } finally {
    if (fd !== null) closeSync(fd);
    rmSync(probe, { force: true });
  }
  try {
    // Root may write into the blocks ext4 keeps back while every other writer is refused.
    if (statfsSync(dir).bavail === 0) return { kind: 'full', code: 'ENOSPC' };
  } catch {
    // Not looked at: the probe's write worked.
  }
  return null;
}

/**
 * The troubles the embedded stores meet, by file, while they last: a store reports one when a write
 * fails on its disk and clears it once a write succeeds again. /readyz reads them (troubleUnder).
 */
class DiskTroubles {
  private readonly byFile = new Map<string, { trouble: DiskTrouble; clearedByProbe: boolean }>();

  /**
   * `clearedByProbe`: the store only writes when asked (the event log), so a write that works in its
   * directory again is taken as its recovery; otherwise the store clears it itself (what waits is retried).
   */
  report(file: string, trouble: DiskTrouble | null, options: { clearedByProbe?: boolean } = {}): void {
    const key = resolve(file);
    if (!trouble) this.byFile.delete(key);
    else
      this.byFile.set(key, {
        trouble: { ...trouble, since: this.byFile.get(key)?.trouble.since ?? trouble.since },
        clearedByProbe: options.clearedByProbe ?? false,
      });
  }

  under(dir: string): DiskTrouble[] {
    const root = resolve(dir);
    return [...this.byFile].filter(([file]) => file === root || file.startsWith(root + sep)).map(([, { trouble }]) => trouble);
  }

  /** The directory takes a write again: the troubles cleared by a probe are over. */
  probedFine(dir: string): void {
    const root = resolve(dir);
    for (const [file, { clearedByProbe }] of this.byFile) {
      if (clearedByProbe && (file === root || file.startsWith(root + sep))) this.byFile.delete(file);
    }
  }
}

export const diskTroubles = new DiskTroubles();

/**
 * The trouble a write under `dir` meets now, or null: what the stores reported (the directory is probed
 * then, so a recovery is seen without waiting for the next booking), else a directory mounted read-only
 * (seen before any write fails on it).
 */
export async function troubleUnder(dir: string): Promise<DiskTrouble | null> {
  if (diskTroubles.under(dir).length === 0) {
    try {
      await access(dir, constants.W_OK);
    } catch (error) {
      if (codeOf(error) === 'EROFS') return { kind: 'read-only', file: dir, code: 'EROFS', since: new Date() };
    }
    return null;
  }
  const found = probeDirectory(dir);
  if (!found) diskTroubles.probedFine(dir);
  const [first] = diskTroubles.under(dir);
  if (!first) return null;
  // SQLite's I/O error says little: the probe tells what it is.
  return first.kind === 'failing' && found ? { ...first, kind: found.kind, code: `${first.code}, ${found.code}` } : first;
}

function codeOf(error: unknown): string | null {
  const code = typeof error === 'object' && error !== null && 'code' in error ? error.code : undefined;
  return typeof code === 'string' ? code : null;
}
