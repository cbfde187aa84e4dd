/**
 * The guests' keys a subscription has opened events with lately, at most `max` of them: a subscriber
 * catching up on a long log met every guest ever booked, and kept every key. The least recently used
 * key goes first (it is looked up again if its guest comes back); how many went is counted.
 */
export class KeyCache {
  private readonly keys = new Map<string, Buffer>();
  /** Keys dropped to stay within `max`. */
  evicted = 0;

  constructor(readonly max: number) {
    if (!(max >= 1)) throw new RangeError('A key cache holds at least one key');
  }

  get size(): number {
    return this.keys.size;
  }

  get(ref: string): Buffer | undefined {
    const key = this.keys.get(ref);
    // A Map keeps insertion order: put back last, a key used now is the last to go.
    if (key) {
      this.keys.delete(ref);
      this.keys.set(ref, key);
    }
    return key;
  }

  set(ref: string, key: Buffer): void {
    this.keys.delete(ref);
    this.keys.set(ref, key);
    if (this.keys.size > this.max) {
      this.keys.delete(this.keys.keys().next().value!);
      this.evicted++;
    }
  }

  delete(ref: string): void {
    this.keys.delete(ref);
  }
}
