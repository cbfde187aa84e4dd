import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SessionStorePort } from './session-store.js';

/**
 * What every Sessions adapter must do (SQLite in the embedded mode, MongoDB with STORE=eventstoredb).
 * `reopen` gives a second store on the same storage, as a restarted server would open it.
 */
export function sessionStoreContract(
  name: string,
  factory: () => Promise<{ store: SessionStorePort; reopen(): Promise<SessionStorePort>; cleanup(): Promise<void> }>,
) {
  describe(`Sessions port contract: ${name}`, () => {
    let env: Awaited<ReturnType<typeof factory>>;
    const later = () => new Date(Date.now() + 60_000);
    beforeEach(async () => {
      env = await factory();
    });
    afterEach(async () => {
      await env.store.close();
      await env.cleanup();
    });

    it('answers null for an unknown id', async () => {
      expect(await env.store.get('nope')).toBeNull();
    });

    it('returns what was stored, as JSON, and the last write wins', async () => {
      await env.store.set('sid-1', { user: { email: 'a@example.com', firstName: null } }, later());
      await env.store.set('sid-1', { user: { email: 'b@example.com', firstName: 'B' } }, later());
      expect(await env.store.get('sid-1')).toEqual({ user: { email: 'b@example.com', firstName: 'B' } });
    });

    it('ends every session of one e-mail and no other', async () => {
      await env.store.set('sid-1', { cookie: {}, user: { email: 'guest@example.com', firstName: 'Gia' } }, later());
      await env.store.set('sid-2', { cookie: {}, user: { email: 'guest@example.com', firstName: 'Gia' } }, later());
      await env.store.set('sid-3', { cookie: {}, user: { email: 'owner@example.com' } }, later());
      await env.store.set('sid-4', { cookie: {} }, later());
      expect(await env.store.destroyForEmail('guest@example.com')).toBe(2);
      expect(await env.store.get('sid-1')).toBeNull();
      expect(await env.store.get('sid-2')).toBeNull();
      expect(await env.store.get('sid-3')).toEqual({ cookie: {}, user: { email: 'owner@example.com' } });
      expect(await env.store.get('sid-4')).toEqual({ cookie: {} });
    });

    it('keeps sessions for a restarted server', async () => {
      await env.store.set('sid-1', { user: { email: 'owner@example.com' } }, later());
      const reopened = await env.reopen();
      try {
        expect(await reopened.get('sid-1')).toEqual({ user: { email: 'owner@example.com' } });
      } finally {
        await reopened.close();
      }
    });

    it('forgets a destroyed session, and destroying an unknown one is harmless', async () => {
      await env.store.set('sid-1', { user: { email: 'a@example.com' } }, later());
      await env.store.destroy('sid-1');
      await env.store.destroy('never-there');
      expect(await env.store.get('sid-1')).toBeNull();
    });

    it('never hands out an expired session', async () => {
      await env.store.set('old', { user: { email: 'a@example.com' } }, new Date(Date.now() - 1000));
      expect(await env.store.get('old')).toBeNull();
    });
  });
}
