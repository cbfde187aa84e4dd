import { describe, expect, it } from 'vitest';
import { decodeCursor, encodeCursor, isPaged, PAGE_CURSOR_MESSAGE, PAGE_LIMIT_MESSAGE, pageQuerySchema } from './paging.js';

describe('page cursors and the paging query', () => {
  const cursor = { date: '2026-11-27', time: '18:30', createdAt: '2026-11-26T15:00:00.000Z', id: 'reservation:0b9e-ü' };

  it('a cursor survives the round trip as URL-safe text', () => {
    const text = encodeCursor(cursor);
    expect(text).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeCursor(text)).toEqual(cursor);
  });

  it('anything else is not a cursor', () => {
    for (const text of ['', 'not a cursor', '!!!!', btoa('{"a":1}'), btoa('["a","b","c"]'), btoa('["a","b","c",4]'), 'x'.repeat(401)]) {
      expect(decodeCursor(text), text).toBeNull();
    }
  });

  it('parses ?cursor=&limit= from a query string; blank means not set; bad values give the message', () => {
    expect(pageQuerySchema.parse({ limit: '25' })).toEqual({ limit: 25 });
    expect(pageQuerySchema.parse({ cursor: encodeCursor(cursor) })).toEqual({ cursor });
    expect(isPaged(pageQuerySchema.parse({ limit: '', cursor: '' }))).toBe(false);
    expect(isPaged(pageQuerySchema.parse({}))).toBe(false);
    for (const limit of ['0', '201', '1.5', 'ten', '-3']) {
      expect(pageQuerySchema.safeParse({ limit }).error?.issues[0]?.message, limit).toBe(PAGE_LIMIT_MESSAGE);
    }
    expect(pageQuerySchema.safeParse({ cursor: 'nope' }).error?.issues[0]?.message).toBe(PAGE_CURSOR_MESSAGE);
  });
});
