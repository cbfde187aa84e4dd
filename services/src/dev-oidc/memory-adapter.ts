import type { Adapter, AdapterPayload } from 'oidc-provider';

/**
 * oidc-provider's storage for one provider instance, in memory: the development provider keeps
 * nothing across restarts (the app's own sessions do). Instances do not share state, unlike the
 * library's quick-start adapter, so parallel test apps stay apart.
 */
export function memoryAdapterFactory() {
  const store = new Map<string, { payload: AdapterPayload; expiresAt: number }>();
  const live = (key: string) => {
    const entry = store.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= Date.now()) {
      store.delete(key);
      return undefined;
    }
    return entry.payload;
  };
  return class MemoryAdapter implements Adapter {
    constructor(private readonly model: string) {}
    private key(id: string) {
      return `${this.model}:${id}`;
    }
    async upsert(id: string, payload: AdapterPayload, expiresIn: number) {
      store.set(this.key(id), { payload, expiresAt: expiresIn ? Date.now() + expiresIn * 1000 : Infinity });
    }
    async find(id: string) {
      return live(this.key(id));
    }
    async findByUserCode(userCode: string) {
      return [...store.keys()].map(live).find((p) => p?.userCode === userCode);
    }
    async findByUid(uid: string) {
      return [...store.keys()]
        .filter((k) => k.startsWith(`${this.model}:`))
        .map(live)
        .find((p) => p?.uid === uid);
    }
    async consume(id: string) {
      const payload = live(this.key(id));
      if (payload) payload.consumed = Math.floor(Date.now() / 1000);
    }
    async destroy(id: string) {
      store.delete(this.key(id));
    }
    // Only this model's rows: the provider revokes a grant's tokens model by model, and the one store
    // also holds the Interaction of a sign-in under way with that grantId (a user switching accounts:
    // the old account's logout revokes its grant, and deleting the interaction too ended the new
    // sign-in on "interaction session not found").
    async revokeByGrantId(grantId: string) {
      const prefix = `${this.model}:`;
      for (const [key, entry] of store) if (key.startsWith(prefix) && entry.payload.grantId === grantId) store.delete(key);
    }
  };
}
