import { describe, expect, it } from 'vitest';
import { IdFilter } from './id-filter.js';

describe('IdFilter (the ids a collection kept on disk may hold)', () => {
  it('never answers absent for an id added, and rarely present for one never added', () => {
    const filter = new IdFilter();
    const added = Array.from({ length: 200_000 }, (_, i) => `reservation:r${i.toString(36).padStart(8, '0')}`);
    for (const id of added) filter.add(id);
    expect(added.every((id) => filter.mayHold(id))).toBe(true);
    const others = Array.from({ length: 100_000 }, (_, i) => `reservation:x${i.toString(36).padStart(8, '0')}`);
    expect(others.filter((id) => filter.mayHold(id)).length).toBeLessThan(100);
  });
});
