/**
 * The GuestKeyStore port: one random 256-bit data key per guest, filed under a keyed hash of the
 * guest's e-mail (never the address itself). Deleting a key makes everything encrypted with it
 * unreadable for good (crypto-shredding). Adapters: SQLite beside the embedded events, a MongoDB
 * collection with the real servers.
 */
export interface GuestKeyStore {
  readonly kind: string;
  /** The guest's key, created (and stored durably) on first use. */
  getOrCreate(ref: string): Promise<Buffer>;
  /** The keys that exist among `refs`; a forgotten guest's is simply absent. */
  getMany(refs: readonly string[]): Promise<Map<string, Buffer>>;
  /** True when a key was there and is gone now. */
  delete(ref: string): Promise<boolean>;
  close(): Promise<void>;
}

export const GUEST_KEY_BYTES = 32;
