import { describe, expect, it } from 'vitest';
import { pooledRandomBytes } from './random-pool.js';

describe('pooledRandomBytes', () => {
  it('answers distinct bytes of the size asked, across many refills of the pool, each a copy the pool never changes', () => {
    // given a first draw kept aside
    const first = pooledRandomBytes(32);
    const kept = Buffer.from(first);
    // when nonces and keys are drawn mixed, far past the pool's 8 KiB
    const seen = new Set<string>([first.toString('hex')]);
    for (let i = 0; i < 3_000; i++) {
      const size = i % 3 === 0 ? 32 : 12;
      const bytes = pooledRandomBytes(size);
      expect(bytes.length).toBe(size);
      seen.add(bytes.toString('hex'));
    }
    // then none repeats, and the first draw is as it was after the pool was drawn again
    expect(seen.size).toBe(3_001);
    expect(first.equals(kept)).toBe(true);
    expect(pooledRandomBytes(20_000).length).toBe(20_000);
  });
});
