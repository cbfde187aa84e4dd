import { createCipheriv, createHmac, createSecretKey } from 'node:crypto';
import { PERSONAL_DATA_EVENTS, erasedValue, normaliseEmail } from '@cafe/contracts';
import type { ErasedValues, Sealed } from './sealed-fields.js';
import { pooledRandomBytes } from './random-pool.js';

/** The reference a guest's key is filed under: HMAC-SHA256 of the normalised e-mail with the server's secret. */
export function guestKeyRef(secret: string, email: string): string {
  return createHmac('sha256', secret).update(normaliseEmail(email)).digest('base64url');
}

const NONCE = 12;

export function seal(values: Record<string, unknown>, key: Buffer, ref: string, streamId: string): Sealed {
  const nonce = pooledRandomBytes(NONCE);
  // A KeyObject made for this call, as sealed-fields.ts opens with (faster than the bytes, never kept).
  const cipher = createCipheriv('aes-256-gcm', createSecretKey(key), nonce);
  cipher.setAAD(Buffer.from(streamId));
  const body = Buffer.concat([cipher.update(JSON.stringify(values), 'utf8'), cipher.final(), cipher.getAuthTag()]);
  return { k: ref, f: Object.keys(values), n: nonce.toString('base64'), c: body.toString('base64') };
}

/** What every personal field reads as once its key is gone, as sealed-fields.ts's openedData takes it. */
export function erasedValues(): ErasedValues {
  const erased: Record<string, unknown> = {};
  for (const { fields } of Object.values(PERSONAL_DATA_EVENTS)) for (const field of fields) erased[field] = erasedValue(field);
  return erased;
}
