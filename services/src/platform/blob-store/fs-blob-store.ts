import { readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { ensurePrivateFilesDir, PRIVATE_FILE_MODE } from '../private-files.js';
import { assertBlobKey, contentTypeOfKey, isBlobKey, type BlobStore, type StoredBlob } from './blob-store.js';

/**
 * Embedded adapter: one file per key in DATA_DIR/uploads, written to a temporary name and renamed;
 * 0700 and 0600 whatever the umask, as the rest of DATA_DIR.
 */
export class FsBlobStore implements BlobStore {
  readonly kind = 'fs';

  constructor(readonly dir: string) {
    ensurePrivateFilesDir(dir);
  }

  async put(key: string, data: Buffer, _contentType: string): Promise<void> {
    assertBlobKey(key);
    const path = join(this.dir, key);
    if (await this.has(key)) return;
    const temp = join(this.dir, `.${key}.${randomUUID()}.tmp`);
    await writeFile(temp, data, { flush: true, mode: PRIVATE_FILE_MODE });
    await rename(temp, path);
  }

  async get(key: string): Promise<StoredBlob | null> {
    if (!isBlobKey(key)) return null;
    try {
      const data = await readFile(join(this.dir, key));
      return { key, contentType: contentTypeOfKey(key), size: data.length, data };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  async has(key: string): Promise<boolean> {
    if (!isBlobKey(key)) return false;
    try {
      return (await stat(join(this.dir, key))).isFile();
    } catch {
      return false;
    }
  }

  async delete(key: string): Promise<void> {
    if (!isBlobKey(key)) return;
    await rm(join(this.dir, key), { force: true });
  }

  async list(): Promise<string[]> {
    return (await readdir(this.dir)).filter(isBlobKey).sort();
  }

  async close(): Promise<void> {}
}
