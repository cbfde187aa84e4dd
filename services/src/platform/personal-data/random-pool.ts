import { randomFillSync } from 'node:crypto';

/**
 * Random bytes drawn 8 KiB at a time, as randomUUID pools them: a draw per seal's nonce or per guest's
 * key cost more than the AES itself. Each answer is a copy, never a view of the pool, which is drawn
 * again once used up.
 */
const pool = Buffer.alloc(8192);
let next = pool.length;

export function pooledRandomBytes(size: number): Buffer {
  if (size > pool.length) return randomFillSync(Buffer.alloc(size));
  if (next + size > pool.length) {
    randomFillSync(pool);
    next = 0;
  }
  return Buffer.from(pool.subarray(next, (next += size)));
}
