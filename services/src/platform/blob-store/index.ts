import { join } from 'node:path';
import type { Config } from '../config.js';
import type { Runtime } from '../runtime/runtime.js';
import type { BlobStore } from './blob-store.js';
import { FsBlobStore } from './fs-blob-store.js';

export * from './blob-store.js';

/** Picks the adapter for STORE: files in DATA_DIR/uploads (embedded) or GridFS (eventstoredb). */
export async function openBlobStore(config: Config): Promise<BlobStore> {
  if (config.store === 'eventstoredb') {
    const { GridFsBlobStore } = await import('./gridfs-blob-store.js');
    return GridFsBlobStore.connect(config.mongoUrl!, config.mongoDb);
  }
  return new FsBlobStore(join(config.dataDir, 'uploads'));
}

const perRuntime = new WeakMap<Runtime, Promise<BlobStore>>();

/** One blob store per runtime, opened on first use; whoever owns the runtime's lifecycle closes it. */
export function blobStoreOf(runtime: Runtime): Promise<BlobStore> {
  let store = perRuntime.get(runtime);
  if (!store) {
    store = openBlobStore(runtime.config);
    perRuntime.set(runtime, store);
  }
  return store;
}

/** Closes the runtime's blob store if one was opened. */
export async function closeBlobStoreOf(runtime: Runtime): Promise<void> {
  const store = perRuntime.get(runtime);
  if (!store) return;
  perRuntime.delete(runtime);
  await (await store).close();
}
