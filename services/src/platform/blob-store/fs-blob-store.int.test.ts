import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { blobStoreContract } from './blob-store.contract.js';
import { FsBlobStore } from './fs-blob-store.js';

const root = mkdtempSync(join(tmpdir(), 'cafe-blobs-'));
let n = 0;
afterAll(() => rmSync(root, { recursive: true, force: true }));

blobStoreContract('files in DATA_DIR/uploads', async () => new FsBlobStore(join(root, `s${n++}`, 'uploads')));

it('leaves no temporary files behind', async () => {
  const dir = join(root, 'tmpcheck');
  const store = new FsBlobStore(dir);
  await store.put('0123456789abcdef.png', Buffer.from('png'), 'image/png');
  expect(readdirSync(dir)).toEqual(['0123456789abcdef.png']);
});
