import { createDecipheriv, createSecretKey, type KeyObject } from 'node:crypto';

/*
 * Opening what field-cipher.ts sealed: nothing here loads the contracts, so the thread that reads a
 * catch-up's log (sealed-log-reader.ts) starts without them; what it needs of them it is given.
 */

/**
 * An event's personal fields, sealed with the guest's key (AES-256-GCM): `k` the key's reference, `f`
 * the names of the sealed fields (so a reader without the key knows what to show as erased), `n` the
 * 96-bit nonce, `c` ciphertext and tag. The stream id is bound as associated data: a sealed value
 * copied into another stream does not open.
 */
export interface Sealed {
  k: string;
  f: string[];
  n: string;
  c: string;
}

const TAG_BYTES = 16;

/**
 * The key as a KeyObject made for this one call (never kept: an erased guest's key must not outlive its
 * row). Node 24 opens a cipher from a KeyObject in 9 µs and from the same bytes in a Buffer in 25 µs:
 * the Buffer path validates and wraps the bytes again on every call.
 */
const keyObject = (key: Buffer): KeyObject => createSecretKey(key);

/** What each personal field reads as once its key is gone (erasedValue of the contracts); a field not listed is dropped. */
export type ErasedValues = Readonly<Record<string, unknown>>;

/** The sealed fields, or null when the key does not open them (another key under the same reference, tampering). */
export function unseal(sealed: Sealed, key: Buffer, streamId: string): Record<string, unknown> | null {
  const text = unsealText(sealed, key, streamId);
  if (text === null) return null;
  try {
    return JSON.parse(text) as Record<string, unknown>;
  } catch {
    return null;
  }
}

/**
 * The sealed fields as the JSON object text they were sealed from, or null as unseal. The text is
 * authenticated (GCM's tag), so a reader that splices it into an event's JSON need not parse it first.
 */
export function unsealText(sealed: Sealed, key: Buffer, streamId: string): string | null {
  try {
    const body = Buffer.from(sealed.c, 'base64');
    const decipher = createDecipheriv('aes-256-gcm', keyObject(key), Buffer.from(sealed.n, 'base64'));
    decipher.setAAD(Buffer.from(streamId));
    decipher.setAuthTag(body.subarray(body.length - TAG_BYTES));
    // GCM is a stream mode: update gives the whole plain text and final only checks the tag (no
    // concatenation, no string decoder: a replay opens one of these per booking).
    const plain = decipher.update(body.subarray(0, body.length - TAG_BYTES));
    decipher.final();
    const text = plain.toString('utf8');
    return text.startsWith('{') && text.endsWith('}') ? text : null;
  } catch {
    return null;
  }
}

export function isSealed(value: unknown): value is Sealed {
  return typeof value === 'object' && value !== null && typeof (value as Sealed).k === 'string' && typeof (value as Sealed).c === 'string';
}

/** An event's data as its writer gave it (the stored fields, then the opened ones); erased where the key is gone. */
export function openedData(
  stored: Record<string, unknown>,
  sealed: Sealed,
  opened: Record<string, unknown> | null,
  erased: ErasedValues,
): Record<string, unknown> {
  const data: Record<string, unknown> = {};
  for (const field in stored) if (field !== 'sealed') data[field] = stored[field];
  if (opened) {
    for (const field in opened) data[field] = opened[field];
  } else {
    for (const field of sealed.f) {
      const value = erased[field];
      if (value !== undefined) data[field] = value;
    }
  }
  return data;
}
