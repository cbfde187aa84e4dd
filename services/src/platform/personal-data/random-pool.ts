import { randomFillSync } from 'node:crypto';

/**
 * Random bytes drawn 8 KiB at a time, as randomUUID pools them: a draw per seal's nonce or per guest's
 * key cost more than the AES itself. Each answer is a copy, never a view of the pool, and its bytes
 * are zeroed in the pool as they are handed out: a guest's key, once deleted to forget them, is not
 * still lying in this buffer. The pool is drawn again once used up.
 */
const pool = Buffer.alloc(8192);
let next = pool.length;

export function pooledRandomBytes(size: number): Buffer {
  if (size > pool.length) return randomFillSync(Buffer.alloc(size));
  if (next + size > pool.length) {
    randomFillSync(pool);
    next = 0;
  }
  const start = next;
  next += size;
  const bytes = Buffer.from(pool.subarray(start, next));
  pool.fill(0, start, next);
  return bytes;
}
