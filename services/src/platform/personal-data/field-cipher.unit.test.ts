import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { guestKeyRef, seal } from './field-cipher.js';
import { unseal } from './sealed-fields.js';

describe('field cipher (AES-256-GCM, one key per guest)', () => {
  const key = randomBytes(32);
  const values = { name: 'Ada Lovelace', email: 'ada@example.com', phone: '(262) 555-0100', specialRequests: null };

  it('opens what it sealed, and the sealed form names the fields but holds none of their values', () => {
    const sealed = seal(values, key, 'ref-1', 'reservation-1');
    expect(sealed.k).toBe('ref-1');
    expect(sealed.f).toEqual(['name', 'email', 'phone', 'specialRequests']);
    const text = JSON.stringify(sealed);
    // Each value whole, with a character base64 never writes (a space, @, -): a three-letter 'Ada' turned up by
    // chance in one random ciphertext (about 1 in 2,000 seals).
    for (const v of ['Ada Lovelace', 'ada@example.com', '(262) 555-0100']) expect(text).not.toContain(v);
    expect(unseal(sealed, key, 'reservation-1')).toEqual(values);
  });

  it('opens text beyond ASCII whole (accents, emoji)', () => {
    const guest = { name: 'Zoë Ångström 🎲', specialRequests: 'Straße, près de la fenêtre 🪟' };
    expect(unseal(seal(guest, key, 'ref-1', 'reservation-1'), key, 'reservation-1')).toEqual(guest);
  });

  it('uses a fresh nonce each time: the same values never seal to the same text', () => {
    expect(seal(values, key, 'r', 's').c).not.toBe(seal(values, key, 'r', 's').c);
    // Past the pooled draws too: every nonce of 2,000 seals differs, and each seal opens.
    const sealed = Array.from({ length: 2000 }, () => seal(values, key, 'r', 's'));
    expect(new Set(sealed.map((s) => s.n)).size).toBe(2000);
    for (const s of sealed) expect(unseal(s, key, 's')).toEqual(values);
  });

  it('opens nothing with another key, in another stream, or after tampering: null, never an exception', () => {
    const sealed = seal(values, key, 'ref-1', 'reservation-1');
    expect(unseal(sealed, randomBytes(32), 'reservation-1')).toBeNull();
    expect(unseal(sealed, key, 'reservation-2')).toBeNull();
    const body = Buffer.from(sealed.c, 'base64');
    body[0] = body[0]! ^ 1;
    expect(unseal({ ...sealed, c: body.toString('base64') }, key, 'reservation-1')).toBeNull();
    expect(unseal({ ...sealed, c: 'not base64 at all' }, key, 'reservation-1')).toBeNull();
  });

  it('files a guest under a keyed hash of the normalised e-mail: same guest whatever the case, nothing of the address in it', () => {
    const ref = guestKeyRef('s'.repeat(32), ' Ada@Example.com ');
    expect(ref).toBe(guestKeyRef('s'.repeat(32), 'ada@example.com'));
    expect(ref).not.toBe(guestKeyRef('t'.repeat(32), 'ada@example.com'));
    expect(ref).not.toContain('ada');
    expect(ref).toMatch(/^[\w-]{43}$/);
  });
});
