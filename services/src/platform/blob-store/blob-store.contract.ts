import { afterEach, describe, expect, it } from 'vitest';
import type { BlobStore } from './blob-store.js';

/** The behaviour every BlobStore adapter shares; each adapter's test runs it with its own factory. */
export function blobStoreContract(name: string, open: () => Promise<BlobStore>): void {
  describe(`BlobStore contract: ${name}`, () => {
    let store: BlobStore | undefined;
    afterEach(async () => {
      await store?.close();
      store = undefined;
    });

    const key = 'a1b2c3d4e5f60718293a4b5c6d7e8f90.jpg';

    it('puts, gets, lists and deletes by key, keeping bytes and type', async () => {
      store = await open();
      expect(await store.get(key)).toBeNull();
      expect(await store.has(key)).toBe(false);
      const bytes = Buffer.from([0xff, 0xd8, 0xff, 0x00, 1, 2, 3]);
      await store.put(key, bytes, 'image/jpeg');
      const got = await store.get(key);
      expect(got).toMatchObject({ key, contentType: 'image/jpeg', size: bytes.length });
      expect(Buffer.compare(got!.data, bytes)).toBe(0);
      expect(await store.has(key)).toBe(true);
      expect(await store.list()).toEqual([key]);
      await store.delete(key);
      expect(await store.get(key)).toBeNull();
      expect(await store.list()).toEqual([]);
    });

    it('is idempotent for a key already held (content-addressed)', async () => {
      store = await open();
      await store.put(key, Buffer.from('one'), 'image/jpeg');
      await store.put(key, Buffer.from('one'), 'image/jpeg');
      expect(await store.list()).toEqual([key]);
    });

    it('refuses keys that could escape or confuse (../, slashes, unknown extensions)', async () => {
      store = await open();
      for (const bad of ['../../etc/passwd', 'a/b.jpg', 'abcdefgh.exe', '.hidden12.jpg', '']) {
        await expect(store.put(bad, Buffer.from('x'), 'image/jpeg')).rejects.toThrow(/Not a blob key/);
        expect(await store.get(bad)).toBeNull();
      }
    });
  });
}
