/** Buckets a key falls into: a change copies one bucket (about n/128 entries) and the bucket list, not the whole map. */
const BUCKETS = 128;

function slot(key: string): number {
  let hash = 0;
  for (let i = 0; i < key.length; i++) hash = (Math.imul(hash, 31) + key.charCodeAt(i)) | 0;
  return (hash >>> 0) % BUCKETS;
}

/**
 * An immutable map whose `set` and `delete` answer a new map sharing every untouched bucket with the old
 * one. The library's state is folded from one event per game: a full copy per event made the fold of a
 * 20,000-game import quadratic (24 s, blocking every request), while evolve must still never change the
 * state it is given (the command pipeline keeps the library's state between commands).
 */
export class PersistentMap<V> implements Iterable<[string, V]> {
  private constructor(
    private readonly buckets: readonly ReadonlyMap<string, V>[],
    readonly size: number,
  ) {}

  static empty<V>(): PersistentMap<V> {
    return new PersistentMap<V>(
      Array.from({ length: BUCKETS }, () => new Map<string, V>()),
      0,
    );
  }

  get(key: string): V | undefined {
    return this.buckets[slot(key)]!.get(key);
  }

  has(key: string): boolean {
    return this.buckets[slot(key)]!.has(key);
  }

  set(key: string, value: V): PersistentMap<V> {
    const i = slot(key);
    const bucket = new Map(this.buckets[i]);
    const added = !bucket.has(key);
    bucket.set(key, value);
    return this.with(i, bucket, added ? 1 : 0);
  }

  delete(key: string): PersistentMap<V> {
    const i = slot(key);
    if (!this.buckets[i]!.has(key)) return this;
    const bucket = new Map(this.buckets[i]);
    bucket.delete(key);
    return this.with(i, bucket, -1);
  }

  *[Symbol.iterator](): Iterator<[string, V]> {
    for (const bucket of this.buckets) yield* bucket;
  }

  private with(i: number, bucket: ReadonlyMap<string, V>, change: number): PersistentMap<V> {
    const buckets = this.buckets.slice();
    buckets[i] = bucket;
    return new PersistentMap(buckets, this.size + change);
  }
}
