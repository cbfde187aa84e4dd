import { describe, expect, it } from 'vitest';
import { kindDocId } from './kind-doc-id.js';

/** A fresh string with the same text, as each event's JSON.parse hands a projection its booking's id. */
const fresh = (text: string): string => JSON.parse(JSON.stringify(text)) as string;

describe('kindDocId', () => {
  it('names a thing by its kind and id', () => {
    expect(kindDocId('reservation', 'r0001')).toBe('reservation:r0001');
    expect(kindDocId('party', 'r0001')).toBe('party:r0001');
    expect(kindDocId('sign-up', 's-7')).toBe('sign-up:s-7');
  });

  it('answers the same id for a fresh copy of a booking’s id, and another kind its own', () => {
    const id = fresh('r-shared');
    const first = kindDocId('reservation', id);
    expect(kindDocId('reservation', fresh('r-shared'))).toBe(first);
    expect(kindDocId('party', id)).toBe('party:r-shared');
  });

  it('still answers right past the ids it keeps', () => {
    // 10,000 ids of one kind (more than are kept), then the first again: built afresh, the same text.
    for (let i = 0; i < 10_000; i++) expect(kindDocId('reservation', `r${i}`)).toBe(`reservation:r${i}`);
    expect(kindDocId('reservation', 'r0')).toBe('reservation:r0');
    expect(kindDocId('party', 'r9999')).toBe('party:r9999');
  });
});
