import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { GUEST_KEY_BYTES, type GuestKeyStore } from './guest-key-store.js';

/**
 * What every GuestKeyStore adapter must do (SQLite embedded, MongoDB with STORE=eventstoredb).
 * `reopen` gives a second store on the same storage, as a restarted server (or the ops CLI) opens it.
 */
export function guestKeyStoreContract(
  name: string,
  factory: () => Promise<{ store: GuestKeyStore; reopen(): Promise<GuestKeyStore>; cleanup(): Promise<void> }>,
) {
  describe(`GuestKeyStore port contract: ${name}`, () => {
    let env: Awaited<ReturnType<typeof factory>>;
    beforeEach(async () => {
      env = await factory();
    });
    afterEach(async () => {
      await env.store.close();
      await env.cleanup();
    });

    it('creates a random 256-bit key on first use and hands the same one back after', async () => {
      const key = await env.store.getOrCreate('guest-a');
      expect(key.length).toBe(GUEST_KEY_BYTES);
      expect((await env.store.getOrCreate('guest-a')).equals(key)).toBe(true);
      expect((await env.store.getOrCreate('guest-b')).equals(key)).toBe(false);
    });

    it('answers only the keys that exist, for many guests at once', async () => {
      const a = await env.store.getOrCreate('guest-a');
      const found = await env.store.getMany(['guest-a', 'nobody']);
      expect([...found.keys()]).toEqual(['guest-a']);
      expect(found.get('guest-a')!.equals(a)).toBe(true);
      expect((await env.store.getMany([])).size).toBe(0);
    });

    it('keeps keys for a restarted process, and one created by two processes at once is the same key', async () => {
      const other = await env.reopen();
      try {
        const [mine, theirs] = await Promise.all([env.store.getOrCreate('guest-a'), other.getOrCreate('guest-a')]);
        expect(mine.equals(theirs)).toBe(true);
        expect((await other.getMany(['guest-a'])).get('guest-a')!.equals(mine)).toBe(true);
      } finally {
        await other.close();
      }
    });

    it('forgets a deleted key for good: gone for every process; a later first use makes a different one', async () => {
      const old = await env.store.getOrCreate('guest-a');
      expect(await env.store.delete('guest-a')).toBe(true);
      expect(await env.store.delete('guest-a')).toBe(false);
      const other = await env.reopen();
      try {
        expect((await other.getMany(['guest-a'])).size).toBe(0);
      } finally {
        await other.close();
      }
      expect((await env.store.getOrCreate('guest-a')).equals(old)).toBe(false);
    });
  });
}
