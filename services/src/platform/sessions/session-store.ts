import type * as Fastify from 'fastify';

/**
 * The Sessions port, promise-based; `toFastifyStore` adapts it to @fastify/session's callback store.
 * Rows follow the product's `sessions` shape: sid, sess (JSON), expire.
 */
export interface SessionStorePort {
  readonly kind: string;
  get(sid: string): Promise<Record<string, unknown> | null>;
  set(sid: string, sess: Record<string, unknown>, expire: Date): Promise<void>;
  destroy(sid: string): Promise<void>;
  /** Ends every session signed in with this (normalised) e-mail: `forget` leaves none holding the person's profile. */
  destroyForEmail(email: string): Promise<number>;
  close(): Promise<void>;
}

/** Expiry of a session as @fastify/session hands it over, falling back to `fallbackMs` from now. */
export function expiryOf(session: { cookie?: { expires?: Date | string | null } }, fallbackMs: number): Date {
  const expires = session.cookie?.expires;
  return expires ? new Date(expires) : new Date(Date.now() + fallbackMs);
}

type Callback = (err?: unknown) => void;

export function toFastifyStore(store: SessionStorePort, fallbackMs: number) {
  return {
    set(sid: string, session: Fastify.Session, callback: Callback) {
      const plain = JSON.parse(JSON.stringify(session)) as Record<string, unknown>;
      store.set(sid, plain, expiryOf(session, fallbackMs)).then(() => callback(), callback);
    },
    get(sid: string, callback: (err: unknown, result?: Fastify.Session | null) => void) {
      store.get(sid).then(
        (sess) => callback(null, sess as Fastify.Session | null),
        (err) => callback(err),
      );
    },
    destroy(sid: string, callback: Callback) {
      store.destroy(sid).then(() => callback(), callback);
    },
  };
}
